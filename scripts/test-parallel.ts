import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Runs lanes of npm scripts side by side: each argument is a lane, its scripts separated by commas and
 * run one after another; every output line is prefixed with its script's name. A lane stops at its
 * first failing script, the others go on, and the run fails when any script failed.
 *
 * `npm test` runs two lanes that keep both cores busy to the end: the browser suite (one worker, whose
 * time goes to one test after another) beside the unit, integration and fault suites (docs/decisions.md,
 * "npm test runs in two lanes").
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const lanes = process.argv.slice(2).map((lane) => lane.split(',').filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: tsx scripts/test-parallel.ts <script>[,<script>...] [<script>[,<script>...] ...]');
  process.exit(2);
}

interface Step {
  script: string;
  code: number;
  started: number;
  seconds: number;
}

const started = Date.now();
const since = (t: number) => Math.round((Date.now() - t) / 1000);

function run(script: string): Promise<Step> {
  const begun = since(started);
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${script}] ${line}`));
    }
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), started: begun, seconds: since(t) }));
  });
}

async function runLane(scripts: string[]): Promise<Step[]> {
  const steps: Step[] = [];
  for (const script of scripts) {
    const step = await run(script);
    steps.push(step);
    if (step.code !== 0) break;
  }
  return steps;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
for (const { script, code, started: at, seconds } of results) {
  console.log(`${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s (started at ${at} s)`);
}
const ran = new Set(results.map((r) => r.script));
const skipped = lanes.flat().filter((script) => !ran.has(script));
if (skipped.length > 0) console.log(`not run, after a failure in their lane: ${skipped.join(', ')}`);
console.log(`all lanes: ${since(started)} s`);
process.exit(results.some((r) => r.code !== 0) || skipped.length > 0 ? 1 : 0);
