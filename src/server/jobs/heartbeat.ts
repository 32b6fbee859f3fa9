import { z } from 'zod';
import type { AppContext } from '../context.js';
import { recordHeartbeat } from '../services/health/get-health.js';
import { defineJob } from './queue.js';

/** Runs every minute and once at start-up; /v1/health shows when it last ran. */
export const heartbeatJob = defineJob({
  name: 'heartbeat',
  schema: z.object({}),
  cron: '* * * * *',
  options: { retryLimit: 0, expireInSeconds: 60 },
});

export const handleHeartbeat = (ctx: AppContext) => async () => {
  await recordHeartbeat(ctx.database.db, ctx.clock.now());
};
