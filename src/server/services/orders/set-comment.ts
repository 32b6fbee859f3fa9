import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { findOwnOrder } from './find-own-order.js';

/** Sets the customer's note on an order (already trimmed and at most 100 characters by the contract). */
export async function setComment(
  db: Db,
  { userId, orderId, comment, now }: { userId: string; orderId: string; comment: string; now: Date },
): Promise<{ comment: string }> {
  const order = await findOwnOrder(db, userId, orderId);
  await db.update(orders).set({ comment, updatedAt: now }).where(eq(orders.id, order.id));
  return { comment };
}
