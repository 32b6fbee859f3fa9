import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { bundleTestServer } from '../support/server-bundle';
import { PGLITE_TEMPLATE_ENV, SERVER_BUNDLE_ENV } from '../support/server-process';
import { FACE_CACHE_ENV } from '../support/shared-face-cache';

/** Opens (and so migrates) an embedded database in `dataDir`, and closes it. */
async function migrateTemplate(dataDir: string): Promise<void> {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ROLE: 'web' }));
  await app.close();
}

/**
 * Runs once before the fault suite, for the servers its tests start:
 * - migrates one embedded database, which every server started on a fresh DATA_DIR gets a copy of,
 *   instead of creating and migrating its own (seconds of WebAssembly each). Restarts on an existing
 *   DATA_DIR, the point of most fault tests, are unchanged.
 * - bundles the test server entry (tests/support/server-bundle.ts), which every server then runs on plain
 *   `node` instead of loading its TypeScript through tsx at each start.
 * - names the file in which those servers share their selfie analyses (tests/support/shared-face-cache.ts).
 */
export default async function setup() {
  const [dataDir, bundleDir] = await Promise.all([
    mkdtemp(path.join(os.tmpdir(), 'portrait-fault-template-')),
    mkdtemp(path.join(os.tmpdir(), 'portrait-fault-server-')),
  ]);
  // esbuild bundles in its own process while this one migrates the database.
  const [bundle] = await Promise.all([bundleTestServer(bundleDir), migrateTemplate(dataDir)]);
  process.env[SERVER_BUNDLE_ENV] = bundle;
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  process.env[FACE_CACHE_ENV] = path.join(bundleDir, 'face-analyses.jsonl');
  return async () => {
    await Promise.all([rm(dataDir, { recursive: true, force: true }), rm(bundleDir, { recursive: true, force: true })]);
  };
}
