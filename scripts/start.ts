import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { astroCli } from './astro-cli.js';
import { publicUrlOf } from '../src/server/config.js';
import { requireSupportedNode } from './runtime.js';
import { siteIsStale } from './site-freshness.js';

/**
 * `npm start`: builds the static site when dist/ is missing or older than its sources, then runs the
 * server in this same process, so `npm install && npm start` is all a newcomer types.
 */
requireSupportedNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
if (siteIsStale(root, path.join(root, 'dist'), publicUrlOf(process.env).origin)) {
  console.log('Building the site (dist/ is missing, older than its sources or content, or made for another PUBLIC_URL)...');
  const build = spawnSync(process.execPath, [astroCli(root), 'build', '--silent'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The site build failed; see the output above.');
    process.exit(build.status ?? 1);
  }
}
await import('../src/server/main.js');
