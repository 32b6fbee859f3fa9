import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findOwnOrder } from './find-own-order.js';
import { deleteOrderAndFiles, removableByCustomer } from './order-lifecycle.js';

/** While a refund is being made the order must stay: finishing the refund reads it. */
export const REFUND_UNDER_WAY = 'Your refund for this order is being processed; you can delete the order once it is done';

/**
 * Deletes a completed or refunded order: its files (selfies, portraits, thumbnails), then its row, whose
 * selfies, portraits, favorites and downloads cascade. The payment stays for bookkeeping, detached by
 * its foreign key (set null). Orders still generating are refused (the generator would write into a
 * folder that no longer exists), and so is an order whose refund is under way; the check and the
 * deletion's mark are one conditional update, so a refund that starts meanwhile wins or loses whole.
 */
export async function deleteOrder(
  ctx: Pick<AppContext, 'database' | 'files' | 'clock'>,
  { userId, orderId }: { userId: string; orderId: string },
): Promise<void> {
  const order = await findOwnOrder(ctx.database.db, userId, orderId);
  if (order.status !== 'completed' && order.status !== 'refunded') {
    throw new AppError('CONFLICT', `Only completed or refunded orders can be deleted; this order is ${order.status}`);
  }
  if (order.refundStartedAt && !order.refundedAt) throw new AppError('CONFLICT', REFUND_UNDER_WAY);
  if (await deleteOrderAndFiles(ctx, order.id, { still: removableByCustomer(order.id), now: ctx.clock.now() })) return;
  // A refund started in between (or a second delete got there first, which answers 404 here).
  await findOwnOrder(ctx.database.db, userId, orderId);
  throw new AppError('CONFLICT', REFUND_UNDER_WAY);
}
