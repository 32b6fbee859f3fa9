import type { AppContext } from '../../context.js';
import type { Order } from '../orders/order-lifecycle.js';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { forgetLikeness, markLikenessKept, OrderGoneError, orderLive } from '../orders/order-lifecycle.js';
import { likenessKey, orderFolder } from '../orders/storage-keys.js';

/**
 * What a generator keeps of a person to make more portraits later (a refresh), once the selfies are
 * gone. The offline generator keeps framed face crops under the order (`orders/{id}/likeness/`),
 * which go with the order's purge, its deletion and the account's. Astria keeps the person in the
 * order's fine-tune (its provider reference): nothing is stored here, the order only records it.
 */
export async function keepLikeness(
  ctx: Pick<AppContext, 'database' | 'files' | 'generator' | 'clock'>,
  orderId: string,
  selfies: () => Promise<Buffer[]>,
): Promise<void> {
  const [order] = await ctx.database.db.select({ kept: orders.likenessKeptAt, providerRef: orders.providerRef }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.kept) return;
  if (ctx.generator.likeness) {
    const crops = await ctx.generator.likeness(await selfies());
    if (crops.length === 0) return;
    for (const [i, jpeg] of crops.entries()) await ctx.files.put(likenessKey(orderId, i + 1), jpeg, 'image/jpeg');
    // Deleted meanwhile: the deletion may have passed these files, so they go now, with the order's folder.
    if (!(await orderLive(ctx.database.db, orderId))) {
      await ctx.files.deletePrefix(orderFolder(orderId));
      throw new OrderGoneError(`order ${orderId} was deleted while its likeness was kept`);
    }
  } else if (!order.providerRef) {
    return;
  }
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

/**
 * Asks the provider whether it still holds the order's person (Astria: the fine-tune exists, trained and
 * not expired); when it does not, the order forgets its likeness, so no refresh is offered again.
 */
export async function likenessStillHeld(ctx: Pick<AppContext, 'database' | 'generator' | 'log'>, order: Pick<Order, 'id' | 'providerRef'>): Promise<boolean> {
  // No reference: the first order was made from images we keep (by the offline generator), which serve any generator.
  if (!ctx.generator.holdsLikeness || !order.providerRef) return true;
  let held: boolean;
  try {
    held = await ctx.generator.holdsLikeness(order.providerRef);
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'could not ask the generator whether it still holds the likeness');
    throw new AppError('UNAVAILABLE', 'A refresh cannot be started right now; please try again in a few minutes');
  }
  if (held) return true;
  await forgetLikeness(ctx.database.db, order.id);
  return false;
}

/**
 * A refresh of this order is being made (paid, processing): one at a time. A column of a select on
 * `orders` (see `downloadCount`), so the order's page reads it in its own query.
 */
export const refreshBeingMadeColumn = sql<boolean>`exists (select 1 from orders as refresh where refresh.refresh_of = orders.id and refresh.status = 'processing')`;

export async function refreshBeingMade(db: Db, orderId: string): Promise<boolean> {
  const [order] = await db.select({ made: refreshBeingMadeColumn }).from(orders).where(eq(orders.id, orderId));
  return order?.made === true;
}

/** A refresh can be bought for this order now: delivered and kept, its likeness kept, not a refresh itself, none being made. */
export function refreshable(order: Pick<Order, 'status' | 'refreshOf' | 'likenessKeptAt' | 'purgedAt'>, beingMade: boolean): boolean {
  return order.status === 'completed' && !order.refreshOf && hasLikeness(order) && !beingMade;
}
