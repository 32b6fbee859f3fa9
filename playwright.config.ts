import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/runtime';
import { testChromiumPath } from './tests/support/chromium';

/**
 * The browser suite drives the product as `npm start` runs it (tests/support/test-start.ts: the site built
 * when stale, then the server, with the test harness's plain images and generation gate), on a temporary
 * DATA_DIR, in Debian's Chromium headless shell (tests/support/chromium.ts; Playwright never downloads a
 * browser here). CHROMIUM_PATH points it elsewhere. Portraits are made at once; a spec that watches an order's progress holds it at the gate
 * (tests/e2e/fixtures/gate.ts) instead of pacing every image.
 */
const port = Number(process.env.E2E_PORT ?? 4391);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'portrait-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const baseURL = `http://localhost:${port}`;
const serverCommand = `node ${SERVER_NODE_FLAGS.join(' ')} --import tsx tests/support/test-start.ts`;
// The likeness check analyses every image an order makes (about 0.65 s of CPU each): the suite's main
// server runs without it, and the specs about the check run on a second server that has it, as
// `npm start` does, with its own DATA_DIR.
const likenessPort = port + 1;
const likenessDataDir = process.env.E2E_LIKENESS_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'portrait-e2e-likeness-'));
process.env.E2E_LIKENESS_DATA_DIR = likenessDataDir;
const likenessSpecs = /replace-portrait\.spec\.ts$/;

const serverEnv = {
  PUBLIC_URL: baseURL,
  // The browser suite always runs on the embedded database in its temporary DATA_DIR.
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  GENERATOR_PACE_MS: '0',
  // The operator console's browser test signs in as this account.
  OPERATOR_EMAILS: 'operator@example.com',
  // An order whose generation step fails is failed at the job's next try, not an hour later.
  GENERATION_FAIL_AFTER_MINUTES: '0',
  RATE_LIMIT_PER_MINUTE: '100000',
  // Every browser test signs in from 127.0.0.1; the per-address throttle is tested in the integration suite.
  LOGIN_LINKS_PER_IP_PER_HOUR: '10000',
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./tests/support/cost-reporter.ts']],
  // Its own folder: Playwright empties its output folder when it starts, and the other suites' cost
  // report lives beside it in test-results/cost.
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'off',
    launchOptions: {
      executablePath: testChromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: likenessSpecs, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'likeness', testMatch: likenessSpecs, use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${likenessPort}` } },
  ],
  webServer: [
    {
      command: serverCommand,
      url: `${baseURL}/v1/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir, LIKENESS_CHECK: 'off' },
    },
    {
      command: serverCommand,
      url: `http://localhost:${likenessPort}/v1/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // The same PUBLIC_URL, so it serves the site the first server built (the servers start one after
      // the other) rather than building it again beneath it; requests from its own origin are accepted.
      env: { ...serverEnv, PORT: String(likenessPort), DATA_DIR: likenessDataDir, LIKENESS_CHECK: 'on' },
    },
  ],
});
