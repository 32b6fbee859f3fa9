import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { deleteSelfies } from '../generation/delete-selfies.js';
import { deleteOrderAndFiles, failUnpaid, unpaidOrderOf } from '../orders/order-lifecycle.js';
import { fulfilPaidSession, type FulfilmentResult } from './fulfil-checkout.js';
import { settleSeatPurchase } from '../teams/fulfil-seat-purchase.js';
import { settleGiftCardPurchase } from '../giftcards/fulfil-gift-card.js';

export type SettleResult = FulfilmentResult | 'open' | 'processing' | 'payment-failed' | 'expired' | 'unknown-session';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>;

/** The customer tried to pay and the provider refused; shown on the failed order and to support. */
export const PAYMENT_FAILED_REASON = 'The payment did not go through; nothing was charged';

/**
 * Brings an order in line with its checkout session as the provider reports it now: a paid session is
 * fulfilled (once), a failed payment fails the order and deletes its selfies, an expired session deletes
 * the unpaid order with its files. Either way an unpaid beta order stops holding its seat. The Stripe
 * webhook, the return page, the offline checkout and the every-minute sweep all come here, so whichever
 * arrives first settles the order and the others find nothing left to do.
 */
export async function settleCheckout(ctx: Ctx, sessionId: string): Promise<SettleResult> {
  const state = await ctx.payments.getCheckoutSession(sessionId);
  if (!state) return 'unknown-session';
  // A team's seats, not an order: the purchase settles itself the same way (paid once, or expired).
  if (state.purchaseId) return settleSeatPurchase(ctx, state);
  // Gift cards: a card, not an order, settles the same way.
  if (state.giftCardId) return settleGiftCardPurchase(ctx, state);
  switch (state.status) {
    case 'paid':
      return fulfilPaidSession(ctx, state);
    case 'failed':
      await failUnpaidOrder(ctx, sessionId);
      return 'payment-failed';
    case 'expired':
      await deleteUnpaidOrder(ctx, sessionId);
      return 'expired';
    default:
      return state.status;
  }
}

async function failUnpaidOrder(ctx: Ctx, sessionId: string): Promise<void> {
  const orderId = await failUnpaid(ctx.database.db, { sessionId }, PAYMENT_FAILED_REASON, ctx.clock.now());
  if (!orderId) return;
  await deleteSelfies(ctx, orderId);
  ctx.log.info({ orderId, sessionId }, 'payment failed; order failed and selfies deleted');
}

/** Nothing was paid and nothing can be any more: the order goes with its files. */
async function deleteUnpaidOrder(ctx: Ctx, sessionId: string): Promise<void> {
  const [order] = await ctx.database.db.select({ id: orders.id }).from(orders).where(unpaidOrderOf(sessionId));
  if (!order) return;
  await deleteOrderAndFiles(ctx, order.id, { still: unpaidOrderOf(sessionId), now: ctx.clock.now() });
  ctx.log.info({ orderId: order.id, sessionId }, 'checkout expired unpaid; order deleted');
}
