import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { POSTGRES_FILES } from './tests/integration/engines.ts';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

export default defineConfig({
  // Inline projects inherit this (Vitest 5's `extends: true` default) and, changing no Vite option of
  // their own, share one Vite server and its transform cache instead of one server each.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Plain Node: a DOM costs time per file, so only files that touch the DOM ask for one with a
          // `// @vitest-environment happy-dom` first line (lighter than jsdom: see docs/benchmarks.md).
          environment: 'node',
          setupFiles: ['tests/support/cost-setup.ts', 'tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'site',
          // The built site without a browser: its pages parsed from dist/ and the site's routes answering
          // through `inject` (tests/site/helpers.ts). The global setup builds dist/ when it is stale.
          include: ['tests/site/**/*.test.ts'],
          globalSetup: ['tests/site/build.ts'],
          setupFiles: ['tests/support/cost-setup.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'integration',
          // Every file on PGlite; on PostgreSQL the engine-sensitive ones (tests/integration/engines.ts).
          include: onPostgres ? [...POSTGRES_FILES] : ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/helpers/templates.ts'],
          setupFiles: ['tests/support/cost-setup.ts'],
          // `*.postgres.test.ts` prove what only PostgreSQL offers (several processes on one database):
          // they run in the suite's PostgreSQL leg, not the PGlite one.
          exclude: onPostgres ? [] : ['tests/integration/**/*.postgres.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          // `*.postgres.test.ts` run the same fault tests on PostgreSQL, when DATABASE_URL names a server.
          exclude: process.env.DATABASE_URL ? [] : ['tests/faults/**/*.postgres.test.ts'],
          globalSetup: ['tests/faults/template.ts'],
          setupFiles: ['tests/support/cost-setup.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Fault tests start, kill and restart real server processes, each file its own (ports, data,
          // databases): three files at a time, so one file's waits (a lease going stale, a restart) are
          // the others' working time. With two, the suite kept the machine little more than half busy.
          maxWorkers: 3,
        },
      },
    ],
  },
});
