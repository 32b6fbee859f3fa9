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
    if (!this.options.work) return;
    if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, definition.options);
    await this.boss.work(definition.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        const log = this.log.child({ job: definition.name, jobId: job.id });
        const payload = definition.schema.safeParse(job.data ?? {});
        if (!payload.success) {
          // A malformed payload never becomes valid by retrying; fail it for good.
          log.error({ issues: payload.error.issues }, 'job payload rejected');
          continue;
        }
        const started = Date.now();
        try {
          await handler(payload.data, { id: job.id, retryCount: (job as { retryCount?: number }).retryCount ?? 0 });
          log.debug({ ms: Date.now() - started }, 'job done');
        } catch (error) {
          log.warn({ err: error, ms: Date.now() - started }, 'job failed; pg-boss retries it if attempts remain');
          throw error;
        }
      }
    });
  }

  async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.infer<S>, options?: PgBoss.SendOptions): Promise<string | null> {
    return this.boss.send(definition.name, payload as object, { ...definition.options, ...options });
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
