import type { FastifyBaseLogger } from 'fastify';
import { type Db, type Job, PgBoss, type QueuePolicy, type SendOptions } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { moveV10Jobs, QUEUE_SCHEMA, setAsideV10Schema } from './queue-upgrade.js';

/** A job's name and the zod schema of its payload; handlers live beside their definitions. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  /** pg-boss send options applied to every job of this kind (retries, singleton keys...). */
  options?: SendOptions;
  /** A cron schedule (UTC) when the job also runs periodically. */
  cron?: string;
  /** pg-boss queue policy; `stately` keeps at most one queued and one running job per singleton key. */
  policy?: QueuePolicy;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export type JobHandler<S extends z.ZodType> = (payload: z.infer<S>, job: { id: string; retryCount: number }) => Promise<void>;

/** A job whose payload does not match its definition's schema; it is failed without retries. */
export class MalformedJobError extends Error {
  override name = 'MalformedJobError';
}

/**
 * How long a finished job (completed, failed or cancelled) stays in pg-boss's job table. pg-boss 10
 * moved finished jobs to an archive table after 12 hours and deleted them from there after 7 days;
 * pg-boss 12 has no archive and deletes them `deleteAfterSeconds` after they finish. Its default is 7
 * days too, but it is a queue setting now, so it is set here rather than left to the library: the
 * operator's queries (docs/operations.md) read a week of finished jobs in one table.
 */
const FINISHED_JOBS_KEPT_SECONDS = 7 * 24 * 60 * 60;

/** The settings of every queue, made once when a queue is created (and when pg-boss 10's jobs move in). */
export function queueOptions(policy: QueuePolicy = 'standard') {
  return { policy, deleteAfterSeconds: FINISHED_JOBS_KEPT_SECONDS };
}

/** The one wrapper around pg-boss: it owns validation, retries and logging of every job. */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;
  /** Every registered job's runner, worker process or not, for `runQueued`. */
  private readonly runners = new Map<string, (job: Job<unknown>) => Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { work: boolean },
  ) {
    this.boss = new PgBoss({
      db: database.executor as Db,
      schema: QUEUE_SCHEMA,
      // Only processes that run jobs also maintain the queue and fire cron schedules.
      supervise: options.work,
      schedule: options.work,
      // pg-boss 12 records every process in an instance table and rewrites its row every 30 seconds, for
      // its own dashboard; on by default, it was not there in 10. The product watches its workers through
      // the heartbeat job and /v1/health, so it is off rather than add a write every 30 s per process.
      registerInstance: false,
    });
    // pg-boss 12 awaits its own writes (a job's completion or failure included) and reports what fails
    // in the background here, the database going away among them; nothing of it is left unhandled.
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    this.boss.on('warning', (warning) => this.log.warn({ warning }, `job queue warning: ${warning.message}`));
  }

  get isWorker(): boolean {
    return this.options.work;
  }

  /**
   * Installs or migrates pg-boss's tables, then starts it. pg-boss 12 cannot migrate the tables of
   * pg-boss 10 (the product's version until this one): those are set aside first, and their queues,
   * jobs and cron schedules are moved into the new tables once pg-boss has made them (queue-upgrade.ts).
   * On PostgreSQL the caller holds the start-up lock, so one process at a time does this.
   */
  async start(): Promise<void> {
    await setAsideV10Schema(this.database.db);
    await this.boss.start();
    this.started = true;
    const moved = await moveV10Jobs(this.database.db, (name, policy) => this.boss.createQueue(name, queueOptions(policy)));
    if (moved) this.log.info(moved, 'moved the job queue from pg-boss 10 tables');
  }

  /** Creates a job's queue without handling it in this process. */
  async declare<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    await this.createQueue(definition);
  }

  private async createQueue<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    await this.boss.createQueue(definition.name, queueOptions(definition.policy));
  }

  async register<S extends z.ZodType>(definition: JobDefinition<S>, handler: JobHandler<S>): Promise<void> {
    await this.createQueue(definition);
    const run = async (job: Job<unknown>) => {
      const log = this.log.child({ job: definition.name, jobId: job.id });
      const payload = definition.schema.safeParse(job.data ?? {});
      if (!payload.success) {
        // A malformed payload never becomes valid by retrying: no attempt is left, and the job fails.
        log.error({ issues: payload.error.issues }, 'job payload rejected');
        await this.boss.getDb().executeSql(`update ${QUEUE_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [definition.name, job.id]);
        throw new MalformedJobError(
          `${definition.name} job ${job.id}: ${payload.error.issues.map((i) => `${i.path.join('.') || 'payload'} ${i.message}`).join('; ')}`,
        );
      }
      const started = Date.now();
      try {
        await handler(payload.data, { id: job.id, retryCount: job.retryCount });
        log.debug({ ms: Date.now() - started }, 'job done');
      } catch (error) {
        log.warn({ err: error, ms: Date.now() - started }, 'job failed; pg-boss retries it if attempts remain');
        throw error;
      }
    };
    this.runners.set(definition.name, run);
    if (!this.options.work) return;
    if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, definition.options);
    // One job per fetch: pg-boss completes or fails a fetched batch as a whole, and hands the handler an
    // array (one job long here) in 12 as in 10.
    await this.boss.work(definition.name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await run(job);
    });
  }

  /**
   * Runs every job of `name` that is due now, in this process, until none is left (jobs a run queues
   * are run too), and says how many ran. Tests drive the queue with it instead of waiting for a
   * worker's poll, so they build web-only apps that run no worker at all. `match` runs only the jobs
   * whose payload holds those fields (`{ orderId }`: one order's generation), leaving the others queued.
   */
  async runQueued(name: string, { limit = 1000, match }: { limit?: number; match?: Record<string, string> } = {}): Promise<number> {
    const run = this.runners.get(name);
    if (!run) throw new Error(`no job named ${name} is registered`);
    let ran = 0;
    for (;;) {
      const job = match ? await this.claimMatching(name, match) : (await this.boss.fetch(name, { batchSize: 1, includeMetadata: true }))[0];
      if (!job) return ran;
      if (++ran > limit) throw new Error(`${name} jobs keep coming: stopped after ${limit}`);
      try {
        await run(job);
        await this.boss.complete(name, job.id);
      } catch (error) {
        await this.boss.fail(name, job.id, { message: (error as Error).message });
      }
    }
  }

  /**
   * Claims the oldest due job of `name` whose payload contains `match`, as pg-boss's own fetch claims
   * one (active, started now, a retry counted), so that completing or failing it works as for any other.
   */
  private async claimMatching(name: string, match: Record<string, string>): Promise<Job<unknown> | undefined> {
    const { rows } = await this.boss.getDb().executeSql(
      `update ${QUEUE_SCHEMA}.job set state = 'active', started_on = now(), heartbeat_on = now(),
         retry_count = case when started_on is not null then retry_count + 1 else retry_count end
       where name = $1 and id = (
         select id from ${QUEUE_SCHEMA}.job
          where name = $1 and state in ('created', 'retry') and start_after <= now() and data @> $2::jsonb
          order by priority desc, created_on, id limit 1 for update skip locked)
       returning id, name, data, retry_count as "retryCount"`,
      [name, JSON.stringify(match)],
    );
    return rows[0] as Job<unknown> | undefined;
  }

  async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, options?: SendOptions): Promise<string | null> {
    return this.boss.send(definition.name, payload as object, { ...definition.options, ...options });
  }

  /**
   * One waiting job per `key`: when a job with this key is already waiting (queued, or failed and
   * waiting to retry), it is brought forward to start no later than `startAfterSeconds` from now and no
   * job is added; otherwise one is sent. A running job does not count, so it may send its successor.
   * Returns true when a new job was sent. pg-boss 12 takes a job once `start_after <= now()` (10 wanted
   * it strictly earlier, so a job brought forward had to be made due a second early), so a job brought
   * forward to now is taken by the next fetch.
   */
  async sendOnce<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, key: string, startAfterSeconds = 0): Promise<boolean> {
    const waiting = await this.boss.getDb().executeSql(
      `update ${QUEUE_SCHEMA}.job set start_after = least(start_after, now() + make_interval(secs => $3))
         where name = $1 and singleton_key = $2 and state in ('created', 'retry') returning id`,
      [definition.name, key, startAfterSeconds],
    );
    if (waiting.rows.length > 0) return false;
    await this.send(definition, payload, { singletonKey: key, ...(startAfterSeconds > 0 ? { startAfter: startAfterSeconds } : {}) });
    return true;
  }

  /** True when pg-boss is running and its tables answer. */
  async isHealthy(): Promise<boolean> {
    if (!this.started) return false;
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // pg-boss 12's stop always waits for running jobs (up to `timeout`); 10's `wait` option is gone.
    await this.boss.stop({ graceful: true, timeout: 10_000, close: false });
  }
}
