import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { orders } from '../db/schema.js';
import { settleOpenCheckouts } from '../services/checkout/settle-open-checkouts.js';
import { deleteInterruptedCheckouts } from '../services/retention/delete-interrupted-checkouts.js';
import { deleteLeftoverSelfies, purgeExpired } from '../services/retention/purge-expired.js';
import { generateOrderJob } from './generate-order.js';
import { defineJob } from './queue.js';

/** Daily at 03:00 UTC: the 30-day retention purge. */
export const purgeExpiredJob = defineJob({ name: 'purge-expired', schema: z.object({}), cron: '0 3 * * *', options: { retryLimit: 3 } });

/** Daily at 03:30 UTC: selfies left behind by an interrupted generation, an unpaid checkout or a checkout a crash cut off. */
export const deleteSelfiesJob = defineJob({ name: 'delete-selfies', schema: z.object({}), cron: '30 3 * * *', options: { retryLimit: 3 } });

/**
 * Every minute: open checkouts are read back from the payment provider and settled (a lost webhook, or
 * a crash between paying and fulfilling, leaves a paid order unfulfilled otherwise), and paid
 * orders still processing whose generation lease is free or stale (their worker crashed) get a
 * generation job again, so no paid order stays `pending` or `processing` forever.
 */
export const resumeGenerationJob = defineJob({ name: 'resume-generation', schema: z.object({}), cron: '* * * * *', options: { retryLimit: 1 } });

export const handlePurgeExpired = (ctx: AppContext) => async () => {
  await purgeExpired(ctx);
};

export const handleDeleteSelfies = (ctx: AppContext) => async () => {
  await deleteLeftoverSelfies(ctx);
  await deleteInterruptedCheckouts(ctx);
};

/**
 * Sends a generation job for every paid order that is processing without a live worker. At start-up
 * (`atStart`) an order whose lease still looks alive was most likely held by this very process before
 * it crashed: it gets a job timed for the moment the lease goes stale, so recovery takes seconds, not
 * a sweep interval. If another live process holds it, that job finds the lease busy and ends.
 */
export async function resumeGeneration(ctx: AppContext, { atStart = false } = {}): Promise<number> {
  const now = ctx.clock.now().getTime();
  const { leaseMs } = ctx.config.generator;
  const stale = new Date(now - leaseMs);
  const candidates = await ctx.database.db
    .select({ id: orders.id, heartbeat: orders.generationHeartbeatAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'processing'),
        isNotNull(orders.paidAt),
        atStart ? undefined : or(isNull(orders.generationHeartbeatAt), lt(orders.generationHeartbeatAt, stale)),
      ),
    );
  for (const { id, heartbeat } of candidates) {
    const staleInMs = heartbeat ? heartbeat.getTime() + leaseMs - now : 0;
    await ctx.queue.send(generateOrderJob, { orderId: id }, staleInMs > 0 ? { startAfter: Math.ceil(staleInMs / 1000) + 1 } : undefined);
  }
  return candidates.length;
}

export const handleResumeGeneration = (ctx: AppContext) => async () => {
  await settleOpenCheckouts(ctx);
  await resumeGeneration(ctx);
};
