import type { AppContext } from '../../context.js';
import type { Order } from '../orders/order-lifecycle.js';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { markLikenessKept } from '../orders/order-lifecycle.js';
import { likenessKey } from '../orders/storage-keys.js';

/**
 * What a generator keeps of a person to make more portraits later (a refresh), once the selfies are
 * gone. The offline generator keeps framed face crops under the order (`orders/{id}/likeness/`),
 * which go with the order's purge, its deletion and the account's.
 */
export async function keepLikeness(
  ctx: Pick<AppContext, 'database' | 'files' | 'generator' | 'clock'>,
  orderId: string,
  selfies: () => Promise<Buffer[]>,
): Promise<void> {
  // A generator that keeps nothing (Astria, whose refresh on the fine-tune is still to come) offers no refresh.
  if (!ctx.generator.likeness) return;
  const [order] = await ctx.database.db.select({ kept: orders.likenessKeptAt }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.kept) return;
  const crops = await ctx.generator.likeness(await selfies());
  if (crops.length === 0) return;
  for (const [i, jpeg] of crops.entries()) await ctx.files.put(likenessKey(orderId, i + 1), jpeg, 'image/jpeg');
  await markLikenessKept(ctx.database.db, orderId, ctx.clock.now());
}

/** The kept likeness of an order, in order (empty when none was kept). */
export async function loadLikeness(ctx: Pick<AppContext, 'files'>, orderId: string): Promise<Buffer[]> {
  const crops: Buffer[] = [];
  for (let no = 1; ; no++) {
    const jpeg = await ctx.files.readBuffer(likenessKey(orderId, no));
    if (!jpeg) return crops;
    crops.push(jpeg);
  }
}

/** Whether a refresh of this order can be made: its likeness was kept and the order not purged since. */
export function hasLikeness(order: Pick<Order, 'likenessKeptAt' | 'purgedAt'>): boolean {
  return order.likenessKeptAt !== null && order.purgedAt === null;
}

/** A refresh of this order is being made (paid, processing): one at a time. */
export async function refreshBeingMade(db: Db, orderId: string): Promise<boolean> {
  const [made] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.refreshOf, orderId), eq(orders.status, 'processing')));
  return made !== undefined;
}

/** A refresh can be bought for this order now: delivered and kept, its likeness kept, not a refresh itself, none being made. */
export function refreshable(order: Pick<Order, 'status' | 'refreshOf' | 'likenessKeptAt' | 'purgedAt'>, beingMade: boolean): boolean {
  return order.status === 'completed' && !order.refreshOf && hasLikeness(order) && !beingMade;
}
