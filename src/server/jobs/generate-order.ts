import { z } from 'zod';
import { defineJob } from './queue.js';

/**
 * Turns a paid order into portraits. One job per order (its id is the singleton key), retried with
 * backoff; the generation service makes it safe to run again after a crash.
 */
export const generateOrderJob = defineJob({
  name: 'generate-order',
  schema: z.object({ orderId: z.uuid() }),
  policy: 'stately',
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 * 60 },
});
