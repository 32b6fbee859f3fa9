import { afterAll, beforeAll } from 'vitest';
import { cpuSeconds, recordCost, relativeTestPath } from './cost';

/**
 * A setup file of every Vitest project: records each test file's CPU and wall seconds (see cost.ts).
 * Setup files run once per test file, so the figures are the file's own even where a worker runs many
 * files one after another.
 */
// Top-level code of a setup file runs before the test file is imported, so its import is counted too.
const startCpu = cpuSeconds();
const startWall = performance.now();
let file: string | undefined;

// biome-ignore lint/correctness/noEmptyPattern: Vitest insists on a destructured first argument (its fixtures); the suite is the second.
beforeAll(({}, suite) => {
  file = suite.file?.filepath;
});

afterAll(() => {
  if (!file) return;
  recordCost({
    suite: process.env.VITEST_PROJECT_NAME ?? suiteOf(file),
    file: relativeTestPath(file),
    cpu: round(cpuSeconds() - startCpu),
    wall: round((performance.now() - startWall) / 1000),
    ...(process.env.TEST_DATABASE ? { engine: process.env.TEST_DATABASE } : {}),
  });
});

function suiteOf(file: string): string {
  return /tests\/(\w+)\//.exec(file)?.[1] ?? 'other';
}

const round = (n: number) => Math.round(n * 100) / 100;
