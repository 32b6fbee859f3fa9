import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSiteIfStale } from './build-site.js';
import { requireSupportedNode } from './runtime.js';

/**
 * `npm start`: builds the static site when dist/ is missing or older than its sources, then runs the
 * server in this same process, so `npm install && npm start` is all a newcomer types.
 */
requireSupportedNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
buildSiteIfStale(root);
await import('../src/server/main.js');
