import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`, or the database itself: what a query that may run inside either takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Raw SQL for libraries that bring their own queries (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executor: SqlExecutor;
  /** Runs `fn` while no other process on the same PostgreSQL runs its own `exclusive` block. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Serialises migrations when several processes start at once on one PostgreSQL.
const MIGRATION_LOCK = 724_311;
// Serialises the rest of start-up (the job queue's own installer races when processes start together).
const STARTUP_LOCK = 724_313;

/**
 * Opens the embedded PGlite database or PostgreSQL, and applies the migrations. `pgliteSnapshot` (tests)
 * starts an in-memory PGlite from a dump instead of the directory: nothing is written to disk.
 */
export async function openDatabase(config: Config['database'], { pgliteSnapshot }: { pgliteSnapshot?: Blob } = {}): Promise<Database> {
  const database = config.kind === 'pglite' ? await openPglite(config.dir, pgliteSnapshot) : await openPostgres(config.url);
  try {
    await database.db.execute(sql`select 1`);
  } catch (error) {
    await database.close().catch(() => {});
    throw new Error(`Cannot reach the database: ${(error as Error).message}`);
  }
  return database;
}

/**
 * The embedded database's buffers. PGlite keeps PostgreSQL's 128 MB of shared buffers inside its
 * WebAssembly memory, which never shrinks once touched; the data a small studio reads over and over is
 * a few MB, and the files it reads stay in the operating system's cache anyway (docs/benchmarks.md, "Idle
 * memory").
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB'];

async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  if (!snapshot && !dir.startsWith('memory://')) await mkdir(dir, { recursive: true });
  const client = snapshot
    ? await PGlite.create({ loadDataDir: snapshot, postgresqlconf: PGLITE_SETTINGS })
    : await PGlite.create(dir, { postgresqlconf: PGLITE_SETTINGS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    executor: {
      // PGlite's `query` takes one statement; pg-boss sends parameterless multi-statement scripts too.
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        const [only] = results;
        return results.length === 1 ? only : results;
      },
    },
    exclusive: (fn) => fn(),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const client = await pool.connect().catch((error: Error) => {
    void pool.end();
    throw new Error(`Cannot reach the database: ${error.message}`);
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    kind: 'postgres',
    db,
    executor: { executeSql: (text, values) => pool.query(text, values) },
    async exclusive(fn) {
      const locked = await pool.connect();
      try {
        await locked.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await locked.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        locked.release();
      }
    },
    close: () => pool.end(),
  };
}
