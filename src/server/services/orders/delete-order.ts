import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findOwnOrder } from './find-own-order.js';
import { orderFolder } from './storage-keys.js';

/**
 * Deletes a completed order: its files (selfies, portraits, thumbnails), then its row, whose selfies,
 * portraits, favorites and downloads cascade. The payment stays for bookkeeping, detached by its
 * foreign key (set null). Orders still generating are refused: the generator would write into a
 * folder that no longer exists.
 */
export async function deleteOrder(
  ctx: Pick<AppContext, 'database' | 'files'>,
  { userId, orderId }: { userId: string; orderId: string },
): Promise<void> {
  const { db } = ctx.database;
  const order = await findOwnOrder(db, userId, orderId);
  if (order.status !== 'completed') {
    throw new AppError('CONFLICT', `Only completed orders can be deleted; this order is ${order.status}`);
  }
  // Files first: if this fails half-way the order still exists and deletion can be retried.
  await ctx.files.deletePrefix(orderFolder(order.id));
  await db.delete(orders).where(eq(orders.id, order.id));
}
