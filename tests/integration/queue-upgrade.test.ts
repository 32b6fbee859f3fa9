import { eq, sql } from 'drizzle-orm';
import PgBoss10 from 'pg-boss-10';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { orders, portraits } from '@/server/db/schema';
import {
  deleteSelfiesJob,
  generateOrderJob,
  heartbeatJob,
  housekeepingJob,
  purgeExpiredJob,
  resumeGenerationJob,
  sweepFilesJob,
} from '@/server/jobs/definitions';
import { buildTestApp, runJobs, type TestApp } from './helpers/app';
import { countingGenerator } from './helpers/counting-generator';
import { placePaidOrder } from './helpers/orders';
import { signInAs } from './helpers/session';

const ALL_JOBS = [heartbeatJob, housekeepingJob, generateOrderJob, purgeExpiredJob, deleteSelfiesJob, resumeGenerationJob, sweepFilesJob];

type Rows<T> = { rows: T[] };

/**
 * A database as the previous release left it: the app's tables, and the job queue in pg-boss 10's
 * tables, made by pg-boss 10.4.2 through the same database adapter and settings that release used.
 * `fill` queues jobs with it before it stops.
 */
async function withPgBoss10(t: TestApp, fill: (boss: PgBoss10) => Promise<void>, { setAside = false } = {}) {
  await t.app.close();
  const database = await openDatabase(t.config.database);
  try {
    // The app built pg-boss 12's tables when it started; the previous release had pg-boss 10's.
    await database.db.execute(sql`drop schema pgboss cascade`);
    const boss = new PgBoss10({
      db: database.executor as unknown as PgBoss10.Db,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      // So the test can archive a finished job without waiting the default 12 hours.
      archiveCompletedAfterSeconds: 1,
    });
    const errors: unknown[] = [];
    boss.on('error', (error) => errors.push(error));
    await boss.start();
    // The previous wrapper created each queue with a name and a policy.
    for (const job of ALL_JOBS) await boss.createQueue(job.name, { name: job.name, policy: 'standard' });
    await fill(boss);
    await boss.stop({ graceful: false, close: false, wait: true });
    expect(errors).toEqual([]);
    // A start of this release cut off after setting pg-boss 10's tables aside (the first step of the move).
    if (setAside) await database.db.execute(sql`alter schema pgboss rename to pgboss_v10`);
  } finally {
    await database.close();
  }
}

/** Starts this release on `first`'s database and files, as an upgraded installation does. */
function restart(first: TestApp, generator = countingGenerator().generator) {
  const databaseUrl = first.config.database.kind === 'postgres' ? first.config.database.url : undefined;
  return buildTestApp({}, { reuse: { dataDir: first.dataDir, databaseUrl }, generator });
}

async function query<T>(t: TestApp, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.ctx.database.db.execute(statement)) as unknown as Rows<T>).rows;
}

const jobsById = async (t: TestApp) =>
  new Map(
    (
      await query<{ id: string; name: string; state: string; retry_count: number; singleton_key: string | null; due_in: string; started: boolean }>(
        t,
        sql`select id, name, state, retry_count, singleton_key, extract(epoch from start_after - now()) as due_in, started_on is not null as started
              from pgboss.job where left(name, 10) <> '__pgboss__'`,
      )
    ).map((row) => [row.id, row]),
  );

describe('[jobs] upgrading from pg-boss 10', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close().catch(() => {});
  });

  it("moves pg-boss 10's queued, scheduled, retrying, running and finished jobs and its cron schedules to pg-boss 12 at start-up, and runs them", async () => {
    const first = await buildTestApp({}, { durable: true });
    apps.push(first);
    const customer = await signInAs(first, 'upgrade@example.com');
    const orderId = await placePaidOrder(first, customer.cookie, 'beta');

    const ids: Record<string, string> = {};
    await withPgBoss10(first, async (boss) => {
      for (const job of ALL_JOBS) if (job.cron) await boss.schedule(job.name, job.cron, {}, { ...job.options });
      // Due now.
      ids.due = (await boss.send(housekeepingJob.name, {}, { ...housekeepingJob.options }))!;
      // Scheduled for later: the paid order's generation, as a provider's poll an hour ahead, keyed by its order.
      ids.later = (await boss.send(generateOrderJob.name, { orderId }, { ...generateOrderJob.options, singletonKey: orderId, startAfter: 3600 }))!;
      // Failed once, waiting to retry.
      ids.retrying = (await boss.send(purgeExpiredJob.name, {}, { ...purgeExpiredJob.options }))!;
      const [attempt] = await boss.fetch(purgeExpiredJob.name);
      await boss.fail(purgeExpiredJob.name, attempt!.id, { message: 'the file store was down' });
      // Running when the previous release stopped.
      ids.running = (await boss.send(sweepFilesJob.name, {}, { ...sweepFilesJob.options }))!;
      await boss.fetch(sweepFilesJob.name);
      // Finished: one an hour ago (still in the job table), one archived.
      ids.archived = (await boss.send(resumeGenerationJob.name, {}, { ...resumeGenerationJob.options }))!;
      await boss.fetch(resumeGenerationJob.name);
      await boss.complete(resumeGenerationJob.name, ids.archived);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await boss.archive();
      ids.done = (await boss.send(deleteSelfiesJob.name, {}, { ...deleteSelfiesJob.options }))!;
      await boss.fetch(deleteSelfiesJob.name);
      await boss.complete(deleteSelfiesJob.name, ids.done);
      const archived = await boss.getDb().executeSql('select state from pgboss.archive where id = $1', [ids.archived]);
      expect(archived.rows).toEqual([{ state: 'completed' }]);
    });

    const made = countingGenerator();
    const t = await restart(first, made.generator);
    apps.push(t);

    // pg-boss 12's tables, at its own schema version; pg-boss 10's are gone.
    const [{ version }] = await query<{ version: number }>(t, sql`select version from pgboss.version`);
    expect(Number(version)).toBeGreaterThan(24);
    expect(await query(t, sql`select nspname from pg_namespace where nspname like 'pgboss%' order by 1`)).toEqual([{ nspname: 'pgboss' }]);

    // Every job kept its id, state, attempts and due time.
    const jobs = await jobsById(t);
    expect(jobs.size).toBe(6);
    expect(jobs.get(ids.due!)).toMatchObject({ name: housekeepingJob.name, state: 'created', retry_count: 0 });
    expect(jobs.get(ids.later!)).toMatchObject({ name: generateOrderJob.name, state: 'created', singleton_key: orderId });
    expect(Number(jobs.get(ids.later!)!.due_in)).toBeGreaterThan(3500);
    expect(jobs.get(ids.retrying!)).toMatchObject({ name: purgeExpiredJob.name, state: 'retry', retry_count: 0 });
    expect(jobs.get(ids.running!)).toMatchObject({ name: sweepFilesJob.name, state: 'active', started: true });
    expect(jobs.get(ids.done!)).toMatchObject({ name: deleteSelfiesJob.name, state: 'completed' });
    expect(jobs.get(ids.archived!)).toMatchObject({ name: resumeGenerationJob.name, state: 'completed' });
    // The generation job's retry settings came along, its expiry as seconds; finished jobs are kept a week.
    const [settings] = await query<Record<string, unknown>>(
      t,
      sql`select retry_limit, retry_delay, retry_backoff, expire_seconds, deletion_seconds from pgboss.job where id = ${ids.later}`,
    );
    expect(settings).toEqual({ retry_limit: 20, retry_delay: 10, retry_backoff: true, expire_seconds: 3600, deletion_seconds: 7 * 24 * 3600 });
    // The cron schedules too, for pg-boss 12's clock to fire.
    const crons = await query<{ name: string; cron: string }>(t, sql`select name, cron from pgboss.schedule order by name`);
    expect(crons).toEqual(
      ALL_JOBS.filter((job) => job.cron)
        .map((job) => ({ name: job.name, cron: job.cron! }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );

    // The queued jobs run under pg-boss 12: the due one, and the retry, which counts its second attempt.
    expect(await runJobs(t, housekeepingJob)).toBe(1);
    expect(await runJobs(t, purgeExpiredJob)).toBe(1);
    // The scheduled generation waits for its hour, until the order's poll is brought forward by its key,
    // the way a provider's callback does: no second job is queued, and the order is made.
    expect(await runJobs(t, generateOrderJob)).toBe(0);
    expect(await t.app.ctx.queue.sendOnce(generateOrderJob, { orderId }, orderId)).toBe(false);
    expect(await runJobs(t, generateOrderJob)).toBe(1);
    const after = await jobsById(t);
    expect([after.get(ids.due!)?.state, after.get(ids.retrying!)?.state, after.get(ids.retrying!)?.retry_count, after.get(ids.later!)?.state]).toEqual([
      'completed',
      'completed',
      1,
      'completed',
    ]);
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect([order!.status, order!.imageGenerated]).toEqual(['completed', 20]);
    expect(await t.app.ctx.database.db.select().from(portraits).where(eq(portraits.orderId, orderId))).toHaveLength(20);
    expect([made.made.size, Math.max(...made.made.values())]).toEqual([20, 1]);
  });

  it('finishes a move that a start cut off after setting the old tables aside', async () => {
    const first = await buildTestApp({}, { durable: true });
    apps.push(first);
    let due = '';
    await withPgBoss10(
      first,
      async (boss) => {
        due = (await boss.send(housekeepingJob.name, {}, { ...housekeepingJob.options }))!;
      },
      { setAside: true },
    );

    const t = await restart(first);
    apps.push(t);
    expect(await query(t, sql`select nspname from pg_namespace where nspname like 'pgboss%' order by 1`)).toEqual([{ nspname: 'pgboss' }]);
    expect(await runJobs(t, housekeepingJob)).toBe(1);
    expect((await jobsById(t)).get(due)).toMatchObject({ state: 'completed' });
  });
});
