import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { likenessReferences, orders, selfies } from '../../db/schema.js';
import { selfieFolder } from '../orders/storage-keys.js';

/**
 * Deletes an order's selfies (files and rows) once generation no longer needs them, and the likeness
 * check's reference made from them, unless a kept likeness still needs it (a replacement, a refresh: it
 * then goes with that likeness). Safe to repeat.
 */
export async function deleteSelfies(ctx: Pick<AppContext, 'database' | 'files'>, orderId: string): Promise<void> {
  const { db } = ctx.database;
  const rows = await db.select({ key: selfies.storageKey }).from(selfies).where(eq(selfies.orderId, orderId));
  for (const row of rows) await ctx.files.delete(row.key);
  await ctx.files.deletePrefix(selfieFolder(orderId));
  await db.delete(selfies).where(eq(selfies.orderId, orderId));
  const [unkept] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNull(orders.likenessKeptAt)));
  if (unkept) await db.delete(likenessReferences).where(eq(likenessReferences.orderId, orderId));
}
