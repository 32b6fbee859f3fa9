import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, selfies } from '../../db/schema.js';
import { LIMITS } from '../../../shared/limits.js';
import { purgeDue, purgeOrder } from '../orders/order-lifecycle.js';
import { deleteSelfies } from '../generation/delete-selfies.js';

/**
 * The retention rule: 30 days after delivery (or failure), or when an operator's extension ends, an order is purged (`purgeOrder`). Returns the
 * purged order ids.
 */
export async function purgeExpired(ctx: Pick<AppContext, 'database' | 'files' | 'clock' | 'log'>): Promise<string[]> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - LIMITS.retentionDays * 24 * 3600_000);
  const due = await db.select({ id: orders.id }).from(orders).where(purgeDue(cutoff, now));
  for (const { id } of due) await purgeOrder(ctx, id, now);
  if (due.length > 0) ctx.log.info({ count: due.length }, 'purged expired orders');
  return due.map((d) => d.id);
}

/**
 * Selfies that outlived their order's generation (a crash between steps), or of checkouts never paid
 * within a day. They go as generation deletes them (`deleteSelfies`), with the likeness check's
 * reference made from them unless the order's likeness is kept.
 */
export async function deleteLeftoverSelfies(ctx: Pick<AppContext, 'database' | 'files' | 'clock'>): Promise<number> {
  const { db } = ctx.database;
  const dayAgo = new Date(ctx.clock.now().getTime() - 24 * 3600_000);
  const leftovers = await db
    .selectDistinct({ orderId: selfies.orderId, status: orders.status })
    .from(selfies)
    .innerJoin(orders, eq(orders.id, selfies.orderId))
    .where(or(inArray(orders.status, ['completed', 'failed']), and(eq(orders.status, 'pending'), lt(orders.createdAt, dayAgo))));
  for (const { orderId } of leftovers) await deleteSelfies(ctx, orderId);
  return leftovers.length;
}
