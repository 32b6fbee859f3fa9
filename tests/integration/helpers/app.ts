import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '@/server/app';
import { loadConfig, type Config } from '@/server/config';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** Which database the integration suite runs on: PGlite by default, PostgreSQL in the second CI leg. */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/**
 * Builds the app on a fresh database and a temporary DATA_DIR, the way `npm start` builds it, as a
 * web process: no worker polls the queue, no cron fires and nothing is recovered at start, so a test
 * sees only what it does. Tests run queued jobs with `runJobs`; a test about the worker itself passes
 * `ROLE: 'all'`. `env` overrides settings; `reuse` starts again on an earlier app's data (restart tests).
 * On PGlite the database lives in memory, loaded from the suite's migrated dump, unless `durable` keeps
 * it in DATA_DIR for a later `reuse`. The offline generator makes plain images (BuildOptions.plainImages)
 * unless `plainImages: false` asks for the rendered ones.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: BuildOptions & {
    reuse?: { dataDir: string; databaseUrl?: string };
    /** Keep the PGlite database in DATA_DIR, so a later app can `reuse` it. */
    durable?: boolean;
    /** Registers extra routes before the app is ready (probe routes for mechanism tests). */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = options.reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'portrait-test-')));
  const database =
    options.reuse?.databaseUrl !== undefined
      ? { url: options.reuse.databaseUrl, drop: async () => {} }
      : testDatabaseKind === 'postgres'
        ? await createTestDatabase()
        : undefined;
  // A fresh PGlite database starts as the suite's migrated one: in memory, or copied when it must last.
  const fresh = !options.reuse && !database && !env.DATABASE_URL;
  if (fresh && options.durable) await cp(path.join(inject('pgliteTemplate'), 'db'), path.join(dataDir, 'db'), { recursive: true });
  const pgliteSnapshot = fresh && !options.durable ? await loadSnapshot() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'dist'),
    LOG_LEVEL: 'silent',
    GENERATOR_PACE_MS: '0',
    // The likeness check analyses every image in the face workers (a third of a second each): the tests
    // about it turn it on (likeness.test.ts); the rest deliver the images as they come, as before it.
    LIKENESS_CHECK: 'off',
    ROLE: 'web',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  // Plain images (the photo cut to size, no mozjpeg) unless the test is about images: `plainImages: false`.
  const app = await buildApp(config, { checkResponses: true, pgliteSnapshot, plainImages: true, ...options });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      if (!options.reuse) {
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

let snapshot: Promise<Blob> | undefined;

/** The migrated database's dump, read once per worker: PGlite only reads a Blob, so every app shares it. */
function loadSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([new Uint8Array(bytes)]));
  return snapshot;
}

/** Headers of a same-site JSON call, as the browser sends them. */
export const sameSite = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } as const;

/**
 * Runs every due job of one kind now, as a worker would (jobs those jobs queue too); returns how many ran.
 * `match` runs only the jobs whose payload holds those fields, such as `{ orderId }`: the one order a test
 * is about, whatever else is queued.
 */
export function runJobs(t: TestApp, job: { name: string }, match?: Record<string, string>): Promise<number> {
  return t.app.ctx.queue.runQueued(job.name, { match });
}
