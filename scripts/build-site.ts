import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { publicUrlOf } from '../src/server/config.js';
import { astroCli } from './astro-cli.js';
import { siteIsStale } from './site-freshness.js';

/**
 * Builds the static site into `root`/dist when it is missing or older than its sources (or made for
 * another PUBLIC_URL), as `npm start` does before it serves; exits the process when the build fails.
 * Astro reports each page and image as it goes: a first start takes a minute or more, and whoever
 * waits for it (an operator, a test's bound on a hang) sees it working.
 */
export function buildSiteIfStale(root: string): void {
  if (!siteIsStale(root, path.join(root, 'dist'), publicUrlOf(process.env).origin)) return;
  console.log('Building the site (dist/ is missing, older than its sources or content, or made for another PUBLIC_URL)...');
  const build = spawnSync(process.execPath, [astroCli(root), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The site build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}
