import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './runtime.js';
import { astroCli } from './astro-cli.js';

/**
 * `npm run dev`: Astro's dev server on :4321 (hot reload for the site and the dashboard, /v1 proxied)
 * and the API server on :4322, restarted by tsx whenever server code changes.
 */
requireSupportedNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: '4322', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:4321' },
  }),
  spawn(process.execPath, [astroCli(root), 'dev', '--port', '4321'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
