import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';

/**
 * The caller's order, or 404. Someone else's order, a missing one, one being deleted and a malformed id
 * answer exactly alike, so ids cannot be probed.
 */
export async function findOwnOrder(db: Db, userId: string, orderId: string): Promise<typeof orders.$inferSelect>;
/** The same check, reading only `columns` (an often-polled call reads what it shows, in one query). */
export async function findOwnOrder<C extends SelectedFields>(db: Db, userId: string, orderId: string, columns: C): Promise<SelectResultFields<C>>;
export async function findOwnOrder(db: Db, userId: string, orderId: string, columns: SelectedFields = getTableColumns(orders)) {
  if (!UUID_PATTERN.test(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
  const [order] = await db
    .select(columns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.deletingAt)));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

/** Any customer's order, for the operator console; 404 when there is none. */
export async function findAnyOrder(db: Db, orderId: string) {
  if (!UUID_PATTERN.test(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}
