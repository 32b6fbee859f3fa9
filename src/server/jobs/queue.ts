import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/client.js';

/** A job's name and the zod schema of its payload; handlers live beside their definitions. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  /** pg-boss send options applied to every job of this kind (retries, singleton keys...). */
  options?: PgBoss.SendOptions;
  /** A cron schedule (UTC) when the job also runs periodically. */
  cron?: string;
  /** pg-boss queue policy; `stately` keeps at most one queued and one running job per singleton key. */
  policy?: PgBoss.QueuePolicy;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export type JobHandler<S extends z.ZodType> = (payload: z.infer<S>, job: { id: string; retryCount: number }) => Promise<void>;

/** A job whose payload does not match its definition's schema; it is failed without retries. */
export class MalformedJobError extends Error {
  override name = 'MalformedJobError';
}

/** Marks the errors of pg-boss's own queries, so the process can tell them apart (see `isQueueQueryError`). */
const QUEUE_QUERY = Symbol('job queue query');

/**
 * True for an error of a query pg-boss itself ran. pg-boss 10 records a job's completion or failure
 * without awaiting it, so when the database is gone at that moment such an error surfaces as an
 * unhandled rejection; main.ts logs it instead of exiting (the job stays active and is retried once it
 * expires). Every query we start ourselves is awaited, so its errors never get that far.
 */
export function isQueueQueryError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && QUEUE_QUERY in error;
}

/** The one wrapper around pg-boss: it owns validation, retries and logging of every job. */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;
  /** Every registered job's runner, worker process or not, for `runQueued`. */
  private readonly runners = new Map<string, (job: PgBoss.Job<unknown>) => Promise<void>>();

  constructor(
    executor: SqlExecutor,
    private readonly log: FastifyBaseLogger,
    private readonly options: { work: boolean },
  ) {
    const db = {
      async executeSql(text: string, values?: unknown[]) {
        try {
          return await executor.executeSql(text, values);
        } catch (error) {
          if (typeof error === 'object' && error !== null) Object.assign(error, { [QUEUE_QUERY]: true });
          throw error;
        }
      },
    };
    this.boss = new PgBoss({
      db: db as unknown as PgBoss.Db,
      schema: 'pgboss',
      // Only processes that run jobs also maintain the queue and fire cron schedules.
      supervise: options.work,
      schedule: options.work,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  get isWorker(): boolean {
    return this.options.work;
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** Creates a job's queue without handling it in this process. */
  async declare<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    await this.createQueue(definition);
  }

  private async createQueue<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void> {
    await this.boss.createQueue(definition.name, { name: definition.name, policy: definition.policy ?? 'standard' });
  }

  async register<S extends z.ZodType>(definition: JobDefinition<S>, handler: JobHandler<S>): Promise<void> {
    await this.createQueue(definition);
    const run = async (job: PgBoss.Job<unknown>) => {
      const log = this.log.child({ job: definition.name, jobId: job.id });
      const payload = definition.schema.safeParse(job.data ?? {});
      if (!payload.success) {
        // A malformed payload never becomes valid by retrying: no attempt is left, and the job fails.
        log.error({ issues: payload.error.issues }, 'job payload rejected');
        await this.boss.getDb().executeSql('update pgboss.job set retry_limit = retry_count where name = $1 and id = $2', [definition.name, job.id]);
        throw new MalformedJobError(
          `${definition.name} job ${job.id}: ${payload.error.issues.map((i) => `${i.path.join('.') || 'payload'} ${i.message}`).join('; ')}`,
        );
      }
      const started = Date.now();
      try {
        await handler(payload.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
        log.debug({ ms: Date.now() - started }, 'job done');
      } catch (error) {
        log.warn({ err: error, ms: Date.now() - started }, 'job failed; pg-boss retries it if attempts remain');
        throw error;
      }
    };
    this.runners.set(definition.name, run);
    if (!this.options.work) return;
    if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, definition.options);
    // One job per fetch: pg-boss completes or fails a fetched batch as a whole.
    await this.boss.work(definition.name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await run(job);
    });
  }

  /**
   * Runs every job of `name` that is due now, in this process, until none is left (jobs a run queues
   * are run too), and says how many ran. Tests drive the queue with it instead of waiting for a
   * worker's poll, so they build web-only apps that run no worker at all.
   */
  async runQueued(name: string, { limit = 1000 } = {}): Promise<number> {
    const run = this.runners.get(name);
    if (!run) throw new Error(`no job named ${name} is registered`);
    let ran = 0;
    for (;;) {
      const [job] = await this.boss.fetch(name, { batchSize: 1, includeMetadata: true });
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

  async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, options?: PgBoss.SendOptions): Promise<string | null> {
    return this.boss.send(definition.name, payload as object, { ...definition.options, ...options });
  }

  /**
   * One waiting job per `key`: when a job with this key is already waiting (queued, or failed and
   * waiting to retry), it is brought forward to start no later than `startAfterSeconds` from now and no
   * job is added; otherwise one is sent. A running job does not count, so it may send its successor.
   * Returns true when a new job was sent. pg-boss takes a job only once `start_after < now()`, strictly,
   * and the embedded database's clock can read the same at the next fetch: a job brought forward is
   * made due a second early, so that the next fetch takes it.
   */
  async sendOnce<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, key: string, startAfterSeconds = 0): Promise<boolean> {
    const waiting = await this.boss.getDb().executeSql(
      `update pgboss.job set start_after = least(start_after, now() + make_interval(secs => $3) - interval '1 second')
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
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  }
}
