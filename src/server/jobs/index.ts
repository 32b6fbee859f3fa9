import type { AppContext } from '../context.js';
import { handleHeartbeat, heartbeatJob } from './heartbeat.js';
import { handleHousekeeping, housekeepingJob } from './housekeeping.js';

/** Creates every queue and, in worker processes, starts its handler. */
export async function registerJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.register(heartbeatJob, handleHeartbeat(ctx));
  await ctx.queue.register(housekeepingJob, handleHousekeeping(ctx));
  if (ctx.queue.isWorker) await ctx.queue.send(heartbeatJob, {});
}
