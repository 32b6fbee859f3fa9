import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findOwnOrder } from './find-own-order.js';
import { deleteOrderAndFiles } from './order-lifecycle.js';

/**
 * Deletes a completed order: its files (selfies, portraits, thumbnails), then its row, whose selfies,
 * portraits, favorites and downloads cascade. The payment stays for bookkeeping, detached by its
 * foreign key (set null). Orders still generating are refused: the generator would write into a
 * folder that no longer exists.
 */
export async function deleteOrder(
  ctx: Pick<AppContext, 'database' | 'files' | 'clock'>,
  { userId, orderId }: { userId: string; orderId: string },
): Promise<void> {
  const order = await findOwnOrder(ctx.database.db, userId, orderId);
  if (order.status !== 'completed') {
    throw new AppError('CONFLICT', `Only completed orders can be deleted; this order is ${order.status}`);
  }
  await deleteOrderAndFiles(ctx, order.id, { now: ctx.clock.now() });
}
