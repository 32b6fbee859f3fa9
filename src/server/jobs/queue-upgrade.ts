import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * The move from pg-boss 10's tables to pg-boss 12's.
 *
 * pg-boss 11 rebuilt its tables, and neither 11 nor 12 migrates pg-boss 10's (schema version 24): 12
 * refuses to start on them ("Cannot migrate pg-boss schema from version 24"), and 11 has no migration
 * from 24 either, so going through 11 does not help. Its author's advice is to install the new version
 * beside the old tables and copy the jobs across, which start-up does here, in two steps:
 *
 * 1. `setAsideV10Schema`, before pg-boss starts: a `pgboss` schema at version 24 is renamed
 *    `pgboss_v10`, so that pg-boss 12 installs its own `pgboss` schema as on a new database.
 * 2. `moveV10Jobs`, once it has: the old queues are created in the new tables, then one transaction
 *    copies the jobs (waiting, scheduled for later, waiting to retry, running, and the finished ones of
 *    the last week, archived or not) and the cron schedules, and drops `pgboss_v10`.
 *
 * A process that dies between the steps leaves `pgboss_v10` behind, and the next start finishes the
 * move: step 2 runs whenever that schema exists. Every process must run this version by then: pg-boss 10
 * would not understand the new tables (docs/operations.md, "Upgrades").
 */

/** The schema of pg-boss's tables. */
export const QUEUE_SCHEMA = 'pgboss';
/** Where pg-boss 10's tables wait while their jobs move into pg-boss 12's. */
export const V10_SCHEMA = 'pgboss_v10';
/** pg-boss 10's schema version from 10.1.5 on (10.4.2 was the last 10.x). */
const V10_VERSION = 24;
/** Queues pg-boss makes for itself (`__pgboss__send-it` fires cron schedules); 12 has its own. */
const INTERNAL_QUEUE = '__pgboss__';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function schemaExists(db: Db, schema: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(db, sql`select exists (select 1 from pg_namespace where nspname = ${schema}) as found`);
  return row?.found === true;
}

/**
 * Renames pg-boss 10's schema out of pg-boss 12's way; says whether it did. A schema pg-boss 11 or 12
 * made is left to pg-boss, which migrates it itself.
 */
export async function setAsideV10Schema(db: Db): Promise<boolean> {
  const [installed] = await rows<{ found: boolean }>(db, sql`select to_regclass(${`${QUEUE_SCHEMA}.version`}) is not null as found`);
  if (!installed?.found) return false;
  const [row] = await rows<{ version: number | string }>(db, sql`select version from ${sql.identifier(QUEUE_SCHEMA)}.version`);
  const version = Number(row?.version);
  if (version > V10_VERSION) return false;
  if (version < V10_VERSION) {
    throw new Error(
      `The job queue's tables are pg-boss schema version ${version}, older than pg-boss 10.4's ${V10_VERSION}: start the previous release once, which brings them to ${V10_VERSION}, then this one.`,
    );
  }
  if (await schemaExists(db, V10_SCHEMA)) {
    throw new Error(
      `Both ${QUEUE_SCHEMA} (pg-boss 10's tables) and ${V10_SCHEMA} (pg-boss 10's tables set aside by an earlier upgrade) exist: a process of the previous release started after the upgrade. Stop every process and keep one of the two.`,
    );
  }
  await db.execute(sql`alter schema ${sql.identifier(QUEUE_SCHEMA)} rename to ${sql.identifier(V10_SCHEMA)}`);
  return true;
}

/** The columns a job keeps from pg-boss 10's table (or archive) to pg-boss 12's. */
const JOB_COLUMNS = sql.raw(
  'id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, expire_seconds, deletion_seconds, ' +
    'singleton_key, singleton_on, start_after, created_on, started_on, completed_on, keep_until, output, dead_letter, policy',
);

/**
 * pg-boss 10's jobs of `table` (`job` or `archive`) as rows of pg-boss 12's job table. Each keeps its
 * id, payload, state, attempts, retry settings, due time, singleton key and timestamps; its expiry moves
 * from an interval to seconds, and its retention after it ends and its policy are its new queue's.
 */
function copyJobs(table: 'job' | 'archive', where: SQL): SQL {
  const old = sql.identifier(V10_SCHEMA);
  const next = sql.identifier(QUEUE_SCHEMA);
  return sql`insert into ${next}.job (${JOB_COLUMNS})
    select j.id, j.name, j.priority, j.data, j.state::text::${next}.job_state, j.retry_limit, j.retry_count, j.retry_delay, j.retry_backoff,
           greatest(1, ceil(extract(epoch from j.expire_in)))::int, q.deletion_seconds,
           j.singleton_key, j.singleton_on, j.start_after, j.created_on, j.started_on, j.completed_on, j.keep_until, j.output, j.dead_letter, q.policy
      from ${old}.${sql.identifier(table)} j join ${next}.queue q on q.name = j.name
     where left(j.name, ${INTERNAL_QUEUE.length}) <> ${INTERNAL_QUEUE} and ${where}
    on conflict do nothing`;
}

/**
 * Moves what pg-boss 10 held into pg-boss 12's tables and drops the old ones, when `setAsideV10Schema`
 * set them aside (now or in a start that did not get this far). `createQueue` makes a queue in the new
 * tables and leaves one that exists as it is. Says how much moved, or null when there was nothing to do.
 */
export async function moveV10Jobs(
  db: Db,
  createQueue: (name: string, policy: string) => Promise<void>,
): Promise<{ queues: number; jobs: number; finishedJobs: number; schedules: number } | null> {
  if (!(await schemaExists(db, V10_SCHEMA))) return null;
  const old = sql.identifier(V10_SCHEMA);
  const next = sql.identifier(QUEUE_SCHEMA);
  // Every queue of the old tables, whether or not this release still has a handler for it, so that no
  // job is lost; the product's queues had a name and a policy and nothing else (jobs carry their settings).
  const queues = await rows<{ name: string; policy: string | null }>(
    db,
    sql`select name, policy from ${old}.queue where left(name, ${INTERNAL_QUEUE.length}) <> ${INTERNAL_QUEUE} order by name`,
  );
  for (const queue of queues) await createQueue(queue.name, queue.policy ?? 'standard');
  // One transaction: the jobs are in the new tables and the old ones are gone, or nothing changed.
  return db.transaction(async (tx) => {
    const count = async (query: SQL) => {
      const result = (await tx.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
      return result.rowCount ?? result.affectedRows ?? 0;
    };
    // Every job of the job table as it stands: a running job stays running, and pg-boss 12 expires and
    // retries it as 10 would have, once its expiry has passed since it started.
    const jobs = await count(copyJobs('job', sql`true`));
    // The archive held jobs finished more than 12 hours ago, and waiting jobs whose retention had run
    // out (never to run): only the finished ones are kept, as the week of history they were.
    const finishedJobs = await count(copyJobs('archive', sql`j.state in ('completed', 'cancelled', 'failed')`));
    const schedules = await count(sql`insert into ${next}.schedule (name, key, cron, timezone, data, options, created_on, updated_on)
      select s.name, '', s.cron, coalesce(s.timezone, 'UTC'), s.data, s.options, s.created_on, s.updated_on
        from ${old}.schedule s join ${next}.queue q on q.name = s.name
      on conflict do nothing`);
    await tx.execute(sql`drop schema ${old} cascade`);
    return { queues: queues.length, jobs, finishedJobs, schedules };
  });
}
