import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Runs npm scripts side by side, each line of their output prefixed with the script's name, and fails
 * when any of them fails. `npm test` runs the fault suite and the browser suite this way: both spend
 * most of their time waiting (on killed and restarted servers, on a browser), so on two cores they take
 * little longer together than the slower one alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/test-parallel.ts <npm script> [<npm script> ...]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number; seconds: number }>((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        for (const stream of [child.stdout, child.stderr]) {
          readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${script}] ${line}`));
        }
        child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) }));
      }),
  ),
);

for (const { script, code, seconds } of results) console.log(`${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} after ${seconds} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
