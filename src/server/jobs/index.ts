import type { AppContext } from '../context.js';
import { handleHeartbeat, heartbeatJob } from './heartbeat.js';

/** Creates every queue and, in worker processes, starts its handler. */
export async function registerJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.register(heartbeatJob, handleHeartbeat(ctx));
  if (ctx.queue.isWorker) await ctx.queue.send(heartbeatJob, {});
}
