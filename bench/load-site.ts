import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteIsStale } from '../scripts/site-freshness.js';
import { astroCli } from '../scripts/astro-cli.js';
import { publicUrlOf } from '../src/server/config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The built site for the load benchmark, as `npm start` would serve it. It is built the way
 * scripts/start.ts builds dist/ when stale, but into a directory of its own (kept between runs and
 * rebuilt when a site source is newer), so a build of dist/ running at the same time cannot collide.
 */
export async function ensureSite(): Promise<{ distDir: string; built: boolean }> {
  const distDir = path.join(os.tmpdir(), 'portrait-studio-load-bench-site');
  if (!siteIsStale(root, distDir, publicUrlOf(process.env).origin)) return { distDir, built: false };
  const staging = `${distDir}.${process.pid}`;
  console.log('  building the site into a private directory (it is missing or older than its sources)...');
  const build = spawnSync(process.execPath, [astroCli(root), 'build', '--silent', '--outDir', staging], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0 || !existsSync(path.join(staging, 'index.html'))) {
    await rm(staging, { recursive: true, force: true });
    throw new Error('The site build failed; see the output above.');
  }
  await rm(distDir, { recursive: true, force: true });
  await rename(staging, distDir);
  return { distDir, built: true };
}
