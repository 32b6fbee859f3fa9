import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose PGlite database is migrated and has the job queue's tables; copied per app that restarts. */
    pgliteTemplate: string;
    /** The same database as a dump (a tar file), which other apps load into memory. */
    pgliteSnapshot: string;
    /** A PostgreSQL database in the same state, the template of every test database. */
    postgresTemplate: string;
  }
}

/**
 * Runs once before the integration suite: builds the app once on an empty database, so every test app
 * starts from a copy of a migrated database with the queue installed instead of migrating its own
 * (about two seconds a file on PGlite).
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-template-'));
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
    const name = `portrait_template_${process.pid}`;
    await admin(base, `drop database if exists ${name}`);
    await admin(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = () => admin(base, `drop database if exists ${name} with (force)`);
    project.provide('postgresTemplate', name);
  }
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'web', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }));
  await app.close();
  project.provide('pgliteTemplate', dataDir);
  if (!databaseUrl) {
    const client = await PGlite.create(path.join(dataDir, 'db'));
    // PostgreSQL's template databases are two thirds of a fresh data directory and no test creates a
    // database on PGlite: without them every app loads 28 MB instead of 43 (a third less start-up).
    await client.query("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
    for (const name of ['template0', 'template1']) await client.query(`drop database ${name}`);
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('none');
    await client.close();
    const snapshot = path.join(dataDir, 'snapshot.tar');
    await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', snapshot);
  }
  return async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

async function admin(connectionString: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
