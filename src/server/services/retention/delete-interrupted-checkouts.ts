import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { orderFolder } from '../orders/storage-keys.js';

/** Starting a checkout takes seconds; one still without a payment session after this long was cut off by a crash. */
export const INTERRUPTED_CHECKOUT_AGE_MS = 60 * 60 * 1000;

/** An order whose checkout a crash cut off: still `pending`, and never given a payment session. */
export const interruptedCheckout = and(eq(orders.status, 'pending'), isNull(orders.checkoutSessionId))!;

/**
 * Deletes the orders whose checkout a crash interrupted while the selfies were being stored: still
 * `pending`, never given a payment session (so the customer never got an answer and cannot pay them),
 * and older than an hour. Files first, then the row, so a failure leaves something to retry.
 */
export async function deleteInterruptedCheckouts(ctx: Pick<AppContext, 'database' | 'files' | 'clock' | 'log'>): Promise<number> {
  const { db } = ctx.database;
  const cutoff = new Date(ctx.clock.now().getTime() - INTERRUPTED_CHECKOUT_AGE_MS);
  const interrupted = and(interruptedCheckout, lt(orders.createdAt, cutoff));
  const rows = await db.select({ id: orders.id }).from(orders).where(interrupted);
  for (const { id } of rows) {
    await ctx.files.deletePrefix(orderFolder(id));
    await db.delete(orders).where(and(eq(orders.id, id), interrupted));
  }
  if (rows.length > 0) ctx.log.info({ count: rows.length }, 'deleted checkouts interrupted by a crash');
  return rows.length;
}
