import type { AppContext } from '../../context.js';
import { deleteOrderAndFiles, unpaidOrder } from '../orders/order-lifecycle.js';
import { settleCheckout } from './settle-checkout.js';
import { findOwnUnpaidOrder, settledRefusal } from './unpaid-order.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>;

/**
 * "Discard" in My Orders: the caller's unpaid order and its selfies go now, and what its checkout held (a
 * beta seat) is free again. The payment session is ended first, so a payment cannot land on an order
 * that is gone; a payment that landed before it wins, and the order is kept (and fulfilled) instead.
 */
export async function discardCheckout(ctx: Ctx, { userId, orderId }: { userId: string; orderId: string }): Promise<void> {
  const order = await findOwnUnpaidOrder(ctx, userId, orderId);
  const sessionId = order.checkoutSessionId;
  if (sessionId) {
    await ctx.payments.expireCheckoutSession(sessionId);
    // The provider's word now: expired (the order was deleted with its files), or paid meanwhile.
    const outcome = await settleCheckout(ctx, sessionId);
    if (outcome !== 'expired' && outcome !== 'unknown-session') throw settledRefusal(outcome);
  }
  // A session the provider does not know (or none at all) can never be paid: the order goes all the same.
  await deleteOrderAndFiles(ctx, order.id, { still: unpaidOrder(order.id), now: ctx.clock.now() });
  ctx.log.info({ orderId: order.id, sessionId }, 'unpaid order discarded by its customer');
}
