import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { PGLITE_TEMPLATE_ENV } from '../support/server-process';

/**
 * Runs once before the fault suite: migrates one embedded database, which every server started on a
 * fresh DATA_DIR gets a copy of, instead of creating and migrating its own (seconds of WebAssembly each).
 * Restarts on an existing DATA_DIR, the point of most fault tests, are unchanged.
 */
export default async function setup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-fault-template-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ROLE: 'web' }));
  await app.close();
  process.env[PGLITE_TEMPLATE_ENV] = dataDir;
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
