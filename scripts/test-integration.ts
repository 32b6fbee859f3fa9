import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { crashedFiles } from './worker-crash';

/**
 * Runs the integration suite on PGlite, then again on PostgreSQL when DATABASE_URL is set, so both
 * database engines are proven by the same tests (on PostgreSQL, the engine-sensitive files of
 * tests/integration/engines.ts). `--engine=pglite` or `--engine=postgres` runs one leg alone, as
 * `npm test` does in its lanes. Other arguments go to vitest (a file filter, say).
 *
 * A test worker that V8 itself kills (a fatal CHECK in its WebAssembly code memory, nodejs/node#64500,
 * which churning many PGlite instances in one process can trigger) failed no test: its file is run
 * once more on its own, and the run says so loudly. Any failed test fails the leg as before, and a file
 * that crashes twice fails it too (docs/decisions.md, "Tests: a V8 crash of a worker").
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--engine='))?.slice('--engine='.length);
if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  console.error(`--engine must be pglite or postgres, not ${only}`);
  process.exit(2);
}
const vitestArgs = args.filter((arg) => !arg.startsWith('--engine='));

const postgres = only === undefined || only === 'postgres';
if (postgres && !process.env.DATABASE_URL) console.log('DATABASE_URL is not set: the PostgreSQL leg of the integration suite is skipped.');
const legs = [
  ...(only === undefined || only === 'pglite' ? [{ name: 'PGlite', env: { TEST_DATABASE: 'pglite' } }] : []),
  ...(postgres && process.env.DATABASE_URL ? [{ name: 'PostgreSQL', env: { TEST_DATABASE: 'postgres' } }] : []),
];

interface Outcome {
  status: number;
  output: string;
  failedTests: number;
}

/** One vitest run, its output passed through as it comes and kept for crashedFiles. */
function vitest(env: Record<string, string>, extra: string[]): Promise<Outcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portrait-vitest-report-'));
  const report = path.join(dir, 'report.json');
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extra,
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output += `${line}\n`;
      sink.write(`${line}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      let failedTests = Number.POSITIVE_INFINITY;
      try {
        failedTests = (JSON.parse(readFileSync(report, 'utf8')) as { numFailedTests: number }).numFailedTests;
      } catch {
        // No report: count the run as failed.
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({ status: code ?? 1, output, failedTests });
    });
  });
}

for (const leg of legs) {
  console.log(`\n=== Integration tests on ${leg.name} ===\n`);
  const first = await vitest(leg.env, vitestArgs);
  let status = first.status;
  const crashed = crashedFiles(first.output);
  if (status !== 0 && first.failedTests === 0 && crashed.length > 0) {
    console.error(`\nA test worker was killed by V8 (no test failed), while running ${crashed.join(', ')}: running it once more on its own.\n`);
    const again = await vitest(leg.env, crashed);
    status = again.status;
    if (status === 0) console.error(`\nNOTICE: ${crashed.join(', ')} passed when run again after its worker crashed in V8 (nodejs/node#64500).`);
  }
  if (status !== 0) {
    console.error(`\nIntegration tests failed on ${leg.name}.`);
    process.exit(status);
  }
}
