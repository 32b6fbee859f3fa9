import { randomInt } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, replacements } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { findOwnOrder } from '../orders/find-own-order.js';
import { assertPortraitNumber } from '../orders/portrait-numbers.js';
import { hasLikeness, likenessStillHeld } from '../refresh/likeness.js';
import { scheduleReplacement } from '../generation/schedule-generation.js';

/**
 * The viewer's "Replace this portrait": a new portrait from the same choices (another seed), checked like
 * every portrait, in the old one's place. Free, a tenth of the package's portraits; not a download, so the
 * money-back guarantee holds. One replacement of a portrait at a time; the counter is taken now and given
 * back if the new portrait cannot be made.
 */
export async function requestReplacement(
  ctx: Pick<AppContext, 'database' | 'queue' | 'generator' | 'log'>,
  { userId, orderId, no }: { userId: string; orderId: string; no: number },
): Promise<{ no: number; left: number }> {
  const { db } = ctx.database;
  const order = await findOwnOrder(db, userId, orderId);
  if (order.status !== 'completed') throw new AppError('CONFLICT', 'Portraits can be replaced once the order is delivered');
  assertPortraitNumber(order, no, 'no');
  // The person the portraits are made of: a refresh's is its first order's.
  const [source] = order.refreshOf ? await db.select().from(orders).where(eq(orders.id, order.refreshOf)) : [order];
  if (!source || !hasLikeness(source) || !(await likenessStillHeld(ctx, source))) {
    throw new AppError('CONFLICT', 'This order can no longer make new portraits: what we kept of your photos has been deleted');
  }
  const included = findPackage(order.packageId)?.freeReplacements ?? 0;

  const id = await db.transaction(async (tx) => {
    // The order row's lock puts concurrent requests in line, so the counter cannot be overdrawn.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    const [used] = await tx
      .select({ n: count() })
      .from(replacements)
      .where(and(eq(replacements.orderId, order.id), ne(replacements.status, 'failed')));
    if (Number(used?.n ?? 0) >= included) throw new AppError('CONFLICT', 'No free replacements left for this order');
    const [pending] = await tx
      .select({ id: replacements.id })
      .from(replacements)
      .where(and(eq(replacements.orderId, order.id), eq(replacements.no, no), eq(replacements.status, 'pending')));
    if (pending) throw new AppError('CONFLICT', `Portrait ${no} is already being replaced`);
    const [created] = await tx
      .insert(replacements)
      .values({ orderId: order.id, no, seed: randomInt(0, 2 ** 32) })
      .returning({ id: replacements.id });
    return (created as { id: string }).id;
  });
  await scheduleReplacement(ctx, id);
  const [used] = await db
    .select({ n: count() })
    .from(replacements)
    .where(and(eq(replacements.orderId, order.id), ne(replacements.status, 'failed')));
  return { no, left: Math.max(0, included - Number(used?.n ?? 0)) };
}
