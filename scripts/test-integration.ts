import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs the integration suite on PGlite, then again on PostgreSQL when DATABASE_URL is set, so both
 * database engines are proven by the same tests. Extra arguments go to vitest (a file filter, say).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const legs = [{ name: 'PGlite', env: { TEST_DATABASE: 'pglite' } }];
if (process.env.DATABASE_URL) legs.push({ name: 'PostgreSQL', env: { TEST_DATABASE: 'postgres' } });
else console.log('DATABASE_URL is not set: the PostgreSQL leg of the integration suite is skipped.');

for (const leg of legs) {
  console.log(`\n=== Integration tests on ${leg.name} ===\n`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'integration', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...leg.env },
  });
  if (result.status !== 0) {
    console.error(`\nIntegration tests failed on ${leg.name}.`);
    process.exit(result.status ?? 1);
  }
}
