import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's order, or 404. Someone else's order, a missing one and a malformed id answer exactly
 * alike, so ids cannot be probed.
 */
export async function findOwnOrder(db: Db, userId: string, orderId: string) {
  if (!UUID.test(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}
