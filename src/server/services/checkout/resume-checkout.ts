import type { AppContext } from '../../context.js';
import type { CheckoutCreateResponse } from '../../../shared/contracts/checkout.js';
import { settleCheckout } from './settle-checkout.js';
import { findOwnUnpaidOrder, settledRefusal } from './unpaid-order.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>;

/**
 * "Complete payment" in My Orders: the payment form of the caller's unpaid order again, on the session it
 * was given (so it expires when it would have, and a beta seat it holds stays held exactly as long). A
 * session that can no longer be paid is settled on the spot (paid: fulfilled; expired: the order goes),
 * and the customer hears which.
 */
export async function resumeCheckout(ctx: Ctx, { userId, orderId }: { userId: string; orderId: string }): Promise<CheckoutCreateResponse> {
  const order = await findOwnUnpaidOrder(ctx, userId, orderId);
  const sessionId = order.checkoutSessionId;
  // A checkout a crash cut off never got a session; it is not listed, and nothing can pay it.
  if (!sessionId) throw settledRefusal('unknown-session');
  const reopened = await ctx.payments.reopenCheckoutSession(sessionId);
  if (!reopened) throw settledRefusal(await settleCheckout(ctx, sessionId));
  return { orderId: order.id, sessionId, clientSecret: reopened.clientSecret, provider: ctx.payments.kind, publishableKey: ctx.payments.publishableKey };
}
