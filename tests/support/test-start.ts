import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSiteIfStale } from '../../scripts/build-site.js';
import { requireSupportedNode } from '../../scripts/runtime.js';

/**
 * The browser suite's `npm start`: the site built when stale, exactly as scripts/start.ts does, then the
 * test entry's server (tests/support/test-server.ts): the product's server with plain images and the
 * generation gate, options no setting can reach.
 */
requireSupportedNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
process.chdir(root);
buildSiteIfStale(root);
await import('./test-server.js');
