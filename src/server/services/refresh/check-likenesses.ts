import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { likenessStillHeld } from './likeness.js';

/** Orders asked about per daily run; the oldest likenesses (the likeliest to be gone) first. */
const PER_RUN = 500;

/**
 * Once a day: asks the generator, for every delivered order still offered a refresh, whether it still
 * holds the person (Astria deletes fine-tunes under its own retention terms), so that My Orders stops
 * offering a refresh that could no longer be made. A generator that keeps nothing remotely is not asked.
 * The refresh request asks again, so an answer a day old never sells a refresh that cannot be made.
 */
export async function checkLikenesses(ctx: Pick<AppContext, 'database' | 'generator' | 'log'>): Promise<{ checked: number; forgotten: number }> {
  if (!ctx.generator.holdsLikeness) return { checked: 0, forgotten: 0 };
  const kept = await ctx.database.db
    .select({ id: orders.id, providerRef: orders.providerRef })
    .from(orders)
    .where(
      and(eq(orders.status, 'completed'), isNotNull(orders.likenessKeptAt), isNotNull(orders.providerRef), isNull(orders.purgedAt), isNull(orders.refreshOf)),
    )
    .orderBy(asc(orders.likenessKeptAt))
    .limit(PER_RUN);
  let forgotten = 0;
  for (const [i, order] of kept.entries()) {
    try {
      if (!(await likenessStillHeld(ctx, order))) forgotten++;
    } catch {
      // The provider cannot answer now: tomorrow's run asks again.
      ctx.log.warn({ checked: i, forgotten }, 'likeness check stopped early: the generator did not answer');
      return { checked: i, forgotten };
    }
  }
  if (forgotten > 0) ctx.log.info({ checked: kept.length, forgotten }, 'likenesses the generator no longer holds were forgotten');
  return { checked: kept.length, forgotten };
}
