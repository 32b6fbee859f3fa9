import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requireSupportedNode } from './runtime.js';

/**
 * What the test suites need beyond `npm install`, made ready on a fresh machine: the browser suite's
 * Chromium (Playwright never downloads a browser here). Installed from Debian's packages when missing and
 * this user may install them; otherwise one line says the exact command, and the run stops.
 */
requireSupportedNode();
console.log(`Testing on Node.js ${process.version} (${process.execPath})`);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

if (!existsSync(chromium)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${chromium}, which does not exist: point it at a Chromium binary.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0 || !has('apt-get')) {
    console.error('The browser suite needs Chromium: run `sudo apt-get install chromium` (Debian, Ubuntu), or set CHROMIUM_PATH to a Chromium binary.');
    process.exit(1);
  }
  console.log("Installing Chromium for the browser suite (Debian's package chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install Chromium with \`apt-get install chromium\` and run the tests again.`);
      process.exit(1);
    }
  }
}
