import { and, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { deleteOrderAndFiles, interruptedCheckout } from '../orders/order-lifecycle.js';

/** Starting a checkout takes seconds; one still without a payment session after this long was cut off by a crash. */
export const INTERRUPTED_CHECKOUT_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the orders whose checkout a crash interrupted while the selfies were being stored: still
 * `pending`, never given a payment session (so the customer never got an answer and cannot pay them),
 * and older than an hour.
 */
export async function deleteInterruptedCheckouts(ctx: Pick<AppContext, 'database' | 'files' | 'clock' | 'log'>): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - INTERRUPTED_CHECKOUT_AGE_MS);
  const interrupted = and(interruptedCheckout, lt(orders.createdAt, cutoff));
  const rows = await ctx.database.db.select({ id: orders.id }).from(orders).where(interrupted);
  for (const { id } of rows) await deleteOrderAndFiles(ctx, id, { still: interrupted, now: ctx.clock.now() });
  if (rows.length > 0) ctx.log.info({ count: rows.length }, 'deleted checkouts interrupted by a crash');
  return rows.length;
}
