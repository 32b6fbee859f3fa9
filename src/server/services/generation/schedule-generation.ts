import type { AppContext } from '../../context.js';
import { generateOrderJob, replacePortraitJob } from '../../jobs/definitions.js';

/**
 * Has a paid order generated now or after `afterMs`: the one place a service sends a job, so services
 * never depend on job handlers. An order has one chain of generation jobs: when one is already waiting,
 * it is only brought forward (an Astria callback makes the next look happen now) and no second chain
 * starts; the running job sends its successor this way too, which merges any chain a race let start.
 * The order's lease lets one worker generate at a time whatever the queue holds.
 */
export async function scheduleGeneration(ctx: Pick<AppContext, 'queue'>, orderId: string, { afterMs = 0 }: { afterMs?: number } = {}): Promise<void> {
  await ctx.queue.sendOnce(generateOrderJob, { orderId }, orderId, Math.ceil(afterMs / 1000));
}

/** Has a replacement of one portrait made now or after `afterMs` (one job chain per replacement, as for an order). */
export async function scheduleReplacement(ctx: Pick<AppContext, 'queue'>, replacementId: string, { afterMs = 0 }: { afterMs?: number } = {}): Promise<void> {
  await ctx.queue.sendOnce(replacePortraitJob, { replacementId }, replacementId, Math.ceil(afterMs / 1000));
}
