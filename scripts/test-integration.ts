import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the integration suite on PGlite, then again on PostgreSQL when DATABASE_URL is set, so both
 * database engines are proven by the same tests (on PostgreSQL, the engine-sensitive files of
 * tests/integration/engines.ts). `--engine=pglite` or `--engine=postgres` runs one leg alone, as
 * `npm test` does in its lanes. Other arguments go to vitest (a file filter, say).
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

for (const leg of legs) {
  console.log(`\n=== Integration tests on ${leg.name} ===\n`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration', ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...leg.env },
  });
  if (result.status !== 0) {
    console.error(`\nIntegration tests failed on ${leg.name}.`);
    process.exit(result.status ?? 1);
  }
}
