import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { refundUnfinished } from '../orders/order-lifecycle.js';
import { completeRefund } from './refund-order.js';

/** A started refund older than this is taken to be interrupted (its request would have ended long before). */
const INTERRUPTED_AFTER_MS = 60_000;

/**
 * Finishes refunds a crash interrupted between asking the provider and recording its answer. The
 * provider's refund is idempotent per order, so asking again is safe even if the first request is
 * still alive somewhere. At start-up (`atStart`) every unfinished refund counts; otherwise only those
 * started a minute ago or more. A failure is logged and retried by the next sweep.
 */
export async function finishInterruptedRefunds(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'mailer' | 'clock' | 'config' | 'log'>,
  { atStart = false } = {},
): Promise<number> {
  const before = atStart ? undefined : new Date(ctx.clock.now().getTime() - INTERRUPTED_AFTER_MS);
  const unfinished = await ctx.database.db.select({ id: orders.id }).from(orders).where(refundUnfinished(before));
  let finished = 0;
  for (const { id } of unfinished) {
    try {
      await completeRefund(ctx, id);
      finished++;
    } catch (error) {
      ctx.log.error({ err: error, orderId: id }, 'could not finish an interrupted refund');
    }
  }
  return finished;
}
