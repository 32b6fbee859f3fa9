import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { orphanedProcessing } from '../orders/order-lifecycle.js';
import { scheduleGeneration } from './schedule-generation.js';

/**
 * Sends a generation job for every paid order that is processing without a live worker. At start-up
 * (`atStart`) an order whose lease still looks alive was most likely held by this very process before
 * it crashed: it gets a job timed for the moment the lease goes stale, so recovery takes seconds, not
 * a sweep interval. If another live process holds it, that job finds the lease busy and ends.
 */
export async function resumeGeneration(ctx: Pick<AppContext, 'database' | 'queue' | 'clock' | 'config'>, { atStart = false } = {}): Promise<number> {
  const now = ctx.clock.now().getTime();
  const { leaseMs } = ctx.config.generator;
  const candidates = await ctx.database.db
    .select({ id: orders.id, heartbeat: orders.generationHeartbeatAt })
    .from(orders)
    .where(orphanedProcessing(atStart ? null : new Date(now - leaseMs)));
  for (const { id, heartbeat } of candidates) {
    const staleInMs = heartbeat ? heartbeat.getTime() + leaseMs - now : 0;
    // A second past the moment the lease goes stale, so the job does not find it still held.
    await scheduleGeneration(ctx, id, { afterMs: staleInMs > 0 ? staleInMs + 1000 : 0 });
  }
  return candidates.length;
}
