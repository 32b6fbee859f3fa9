import { z } from 'zod';
import type { AppContext } from '../context.js';
import { runGeneration } from '../services/generation/run-generation.js';
import { defineJob } from './queue.js';

/**
 * Turns a paid order into portraits. Several jobs for one order are harmless: the order's lease lets one
 * worker generate at a time (a busy lease fails the job, and pg-boss retries it later), and only missing
 * portraits are made. A remote provider that needs time reschedules the job (polling covers lost callbacks).
 */
export const generateOrderJob = defineJob({
  name: 'generate-order',
  schema: z.object({ orderId: z.uuid() }),
  options: { retryLimit: 20, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 },
});

export const handleGenerateOrder = (ctx: AppContext) => async ({ orderId }: { orderId: string }) => {
  const result = await runGeneration(ctx, orderId);
  if (result.outcome === 'waiting') {
    await ctx.queue.send(generateOrderJob, { orderId }, { startAfter: Math.ceil(result.retryAfterMs / 1000) });
  }
};
