import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findOwnOrder } from '../orders/find-own-order.js';
import { PAYMENT_FAILED_REASON, type SettleResult } from './settle-checkout.js';

/** The caller's order while it is unpaid: another customer's answers 404, one paid or ended 409 saying what it is. */
export async function findOwnUnpaidOrder(ctx: Pick<AppContext, 'database'>, userId: string, orderId: string) {
  const order = await findOwnOrder(ctx.database.db, userId, orderId);
  if (order.status !== 'pending' || order.paidAt) throw new AppError('CONFLICT', `This order is ${order.status}, so it has no payment to complete or discard`);
  return order;
}

/** What the customer hears when the checkout they meant to resume or discard had already settled. */
export function settledRefusal(outcome: SettleResult): AppError {
  switch (outcome) {
    case 'expired':
      return new AppError('GONE', 'This checkout expired before it was paid, so the order was removed; please start the order again');
    case 'payment-failed':
      return new AppError('CONFLICT', PAYMENT_FAILED_REASON);
    case 'processing':
      return new AppError('CONFLICT', 'Your payment for this order is being processed');
    case 'beta-full':
      return new AppError('CONFLICT', 'All beta spots were taken before your order was confirmed');
    case 'fulfilled':
    case 'already-fulfilled':
      return new AppError('CONFLICT', 'This order has already been paid');
    default:
      return new AppError('CONFLICT', 'This checkout can no longer be paid; please discard the order and start again');
  }
}
