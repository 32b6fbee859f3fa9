import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { orders } from '../db/schema.js';
import { LEASE_MS } from '../services/generation/lease.js';
import { deleteLeftoverSelfies, purgeExpired } from '../services/retention/purge-expired.js';
import { generateOrderJob } from './generate-order.js';
import { defineJob } from './queue.js';

/** Daily at 03:00 UTC: the 30-day retention purge. */
export const purgeExpiredJob = defineJob({ name: 'purge-expired', schema: z.object({}), cron: '0 3 * * *', options: { retryLimit: 3 } });

/** Daily at 03:30 UTC: selfies left behind by an interrupted generation or an unpaid checkout. */
export const deleteSelfiesJob = defineJob({ name: 'delete-selfies', schema: z.object({}), cron: '30 3 * * *', options: { retryLimit: 3 } });

/**
 * Every 2 minutes and at start-up: paid orders still processing whose generation lease is free or stale
 * (their worker crashed) get a generation job again, so no order stays `processing` forever.
 */
export const resumeGenerationJob = defineJob({ name: 'resume-generation', schema: z.object({}), cron: '*/2 * * * *', options: { retryLimit: 1 } });

export const handlePurgeExpired = (ctx: AppContext) => async () => {
  await purgeExpired(ctx);
};

export const handleDeleteSelfies = (ctx: AppContext) => async () => {
  await deleteLeftoverSelfies(ctx);
};

export async function resumeGeneration(ctx: AppContext): Promise<number> {
  const stale = new Date(ctx.clock.now().getTime() - LEASE_MS);
  const orphans = await ctx.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'processing'), isNotNull(orders.paidAt), or(isNull(orders.generationHeartbeatAt), lt(orders.generationHeartbeatAt, stale))));
  for (const { id } of orphans) await ctx.queue.send(generateOrderJob, { orderId: id });
  return orphans.length;
}

export const handleResumeGeneration = (ctx: AppContext) => async () => {
  await resumeGeneration(ctx);
};
