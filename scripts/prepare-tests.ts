import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { TEST_CHROMIUM_PACKAGE, testChromiumPath } from '../tests/support/chromium.js';
import { costDir } from '../tests/support/cost.js';
import { requireSupportedNode } from './runtime.js';

/**
 * What the test suites need beyond `npm install`, made ready on a fresh machine: the browser suite's
 * Chromium (Playwright never downloads a browser here) and `xz`, which unpacks the fault suite's data
 * directory of an earlier release. Installed from Debian's packages when missing and this user may
 * install them; otherwise one line says the exact command, and the run stops.
 */
requireSupportedNode();
console.log(`Testing on Node.js ${process.version} (${process.execPath})`);
// Each run's cost report (scripts/test-cost.ts) starts empty.
rmSync(costDir, { recursive: true, force: true });

const chromium = testChromiumPath();
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

if (process.env.CHROMIUM_PATH && !existsSync(chromium)) {
  console.error(`CHROMIUM_PATH is set to ${chromium}, which does not exist: point it at a Chromium binary.`);
  process.exit(1);
}
const missing = [...(existsSync(chromium) ? [] : [TEST_CHROMIUM_PACKAGE]), ...(has('xz') ? [] : ['xz-utils'])];
if (missing.length > 0) {
  const command = `apt-get install ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    console.error(
      `The test suites need ${missing.join(' and ')}: run \`sudo ${command}\` (Debian, Ubuntu)${missing.includes(TEST_CHROMIUM_PACKAGE) ? ', or set CHROMIUM_PATH to a Chromium binary' : ''}.`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} for the test suites (Debian's packages)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install them with \`${command}\` and run the tests again.`);
      process.exit(1);
    }
  }
}
