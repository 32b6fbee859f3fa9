import type { AppContext } from '../context.js';
import { settleOpenCheckouts } from '../services/checkout/settle-open-checkouts.js';
import { resumeGeneration } from '../services/generation/resume-generation.js';
import { finishInterruptedRefunds } from '../services/refunds/finish-refunds.js';
import { finishDeletions } from '../services/orders/order-lifecycle.js';
import { sweepOrphanFiles } from '../services/retention/sweep-files.js';
import {
  deleteSelfiesJob,
  generateOrderJob,
  heartbeatJob,
  housekeepingJob,
  purgeExpiredJob,
  replacePortraitJob,
  resumeGenerationJob,
  sweepFilesJob,
} from './definitions.js';
import {
  handleDeleteSelfies,
  handleGenerateOrder,
  handleHeartbeat,
  handleHousekeeping,
  handlePurgeExpired,
  handleReplacePortrait,
  handleResumeGeneration,
  handleSweepFiles,
} from './handlers.js';

/** Creates every queue and, in worker processes, starts its handler. */
export async function registerJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.register(heartbeatJob, handleHeartbeat(ctx));
  await ctx.queue.register(housekeepingJob, handleHousekeeping(ctx));
  await ctx.queue.register(generateOrderJob, handleGenerateOrder(ctx));
  await ctx.queue.register(replacePortraitJob, handleReplacePortrait(ctx));
  await ctx.queue.register(purgeExpiredJob, handlePurgeExpired(ctx));
  await ctx.queue.register(deleteSelfiesJob, handleDeleteSelfies(ctx));
  await ctx.queue.register(resumeGenerationJob, handleResumeGeneration(ctx));
  await ctx.queue.register(sweepFilesJob, handleSweepFiles(ctx));
  if (ctx.queue.isWorker) {
    await ctx.queue.send(heartbeatJob, {});
    // Payments and orders a crash interrupted are picked up again at start-up.
    await settleOpenCheckouts(ctx);
    await resumeGeneration(ctx, { atStart: true });
    await finishInterruptedRefunds(ctx, { atStart: true });
    // A crash can leave files of an order it was deleting, or a portrait written as its order went.
    await finishDeletions(ctx, ctx.clock.now());
    await sweepOrphanFiles(ctx);
  }
}
