import type { AppContext } from '../../context.js';
import { generateOrderJob } from '../../jobs/definitions.js';

/**
 * Queues generation of a paid order, now or after `afterMs`. The one place a service sends a job, so
 * services never depend on job handlers. Sending twice is harmless: the order's lease lets one worker
 * generate at a time.
 */
export async function scheduleGeneration(ctx: Pick<AppContext, 'queue'>, orderId: string, { afterMs = 0 }: { afterMs?: number } = {}): Promise<void> {
  await ctx.queue.send(generateOrderJob, { orderId }, afterMs > 0 ? { startAfter: Math.ceil(afterMs / 1000) } : undefined);
}
