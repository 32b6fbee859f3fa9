import type { AppContext } from '../context.js';
import { generateOrderJob } from './generate-order.js';
import { handleHeartbeat, heartbeatJob } from './heartbeat.js';
import { handleHousekeeping, housekeepingJob } from './housekeeping.js';

/** Creates every queue and, in worker processes, starts its handler. */
export async function registerJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.register(heartbeatJob, handleHeartbeat(ctx));
  await ctx.queue.register(housekeepingJob, handleHousekeeping(ctx));
  // Generation's handler arrives with the generator; until then paid orders wait in this queue.
  await ctx.queue.declare(generateOrderJob);
  if (ctx.queue.isWorker) await ctx.queue.send(heartbeatJob, {});
}
