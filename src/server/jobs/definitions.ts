import { z } from 'zod';
import { defineJob } from './queue.js';

/** Runs every minute and once at start-up; /v1/health shows when it last ran. */
export const heartbeatJob = defineJob({
  name: 'heartbeat',
  schema: z.object({}),
  cron: '* * * * *',
  options: { retryLimit: 0, expireInSeconds: 60 },
});

/** Hourly: removes expired sessions, sign-in links and unfinished OAuth flows, and finishes deletions an outage interrupted. */
export const housekeepingJob = defineJob({
  name: 'housekeeping',
  schema: z.object({}),
  cron: '17 * * * *',
  options: { retryLimit: 2 },
});

/**
 * Turns a paid order into portraits. Several jobs for one order are harmless: the order's lease lets one
 * worker generate at a time and only missing portraits are made. A job that finds the lease held by a
 * live worker ends quietly; if that worker dies, the resume sweep sends a new job once its lease is stale.
 * A remote provider that needs time reschedules the job (polling covers lost callbacks).
 */
export const generateOrderJob = defineJob({
  name: 'generate-order',
  schema: z.object({ orderId: z.uuid() }),
  options: { retryLimit: 20, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 },
});

/**
 * Makes one portrait in place of a delivered one (the customer's free replacement), step by step like a
 * generation: a remote provider that needs time reschedules the job. One job chain per replacement.
 */
export const replacePortraitJob = defineJob({
  name: 'replace-portrait',
  schema: z.object({ replacementId: z.uuid() }),
  options: { retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 },
});

/** Daily at 03:00 UTC: the 30-day retention purge, then whether the generator still holds each refreshable order's person. */
export const purgeExpiredJob = defineJob({ name: 'purge-expired', schema: z.object({}), cron: '0 3 * * *', options: { retryLimit: 3 } });

/** Daily at 03:30 UTC: selfies left behind by an interrupted generation, an unpaid checkout or a checkout a crash cut off. */
export const deleteSelfiesJob = defineJob({ name: 'delete-selfies', schema: z.object({}), cron: '30 3 * * *', options: { retryLimit: 3 } });

/** Daily at 04:00 UTC: the file store's folders whose order no longer exists are deleted (see sweepOrphanFiles). */
export const sweepFilesJob = defineJob({ name: 'sweep-files', schema: z.object({}), cron: '0 4 * * *', options: { retryLimit: 3 } });

/**
 * Every minute: open checkouts are read back from the payment provider and settled (a lost webhook, or
 * a crash between paying and fulfilling, leaves a paid order unfulfilled otherwise), and paid
 * orders still processing whose generation lease is free or stale (their worker crashed) get a
 * generation job again, so no paid order stays `pending` or `processing` forever; refunds a crash
 * interrupted are finished; gift cards whose send date has come are mailed.
 */
export const resumeGenerationJob = defineJob({ name: 'resume-generation', schema: z.object({}), cron: '* * * * *', options: { retryLimit: 1 } });
