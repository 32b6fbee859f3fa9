import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Runs lanes of npm scripts side by side: each argument is a lane, its scripts separated by commas and
 * run one after another; every output line is prefixed with its script's name. A lane stops at its
 * first failing script, the others go on, and the run fails when any script failed. Before a lane,
 * `--nice` runs it at a lower CPU priority (nice 10) and `--after=<script>` starts it once that script of
 * another lane has passed.
 *
 * `npm test` runs two lanes at normal priority: niced lanes starve beside other busy processes
 * (docs/decisions.md, "npm test runs in two lanes").
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Lane {
  scripts: string[];
  nice: boolean;
  after?: string;
}

function parseLanes(args: string[]): Lane[] | undefined {
  const lanes: Lane[] = [];
  let pending: Omit<Lane, 'scripts'> = { nice: false };
  for (const arg of args) {
    if (arg === '--nice') pending = { ...pending, nice: true };
    else if (arg.startsWith('--after=')) pending = { ...pending, after: arg.slice('--after='.length) };
    else {
      const scripts = arg.split(',').filter(Boolean);
      if (scripts.length === 0) return undefined;
      lanes.push({ scripts, ...pending });
      pending = { nice: false };
    }
  }
  const all = new Set(lanes.flatMap((lane) => lane.scripts));
  if (lanes.length === 0 || lanes.some((lane) => lane.after !== undefined && !all.has(lane.after))) return undefined;
  return lanes;
}

const lanes = parseLanes(process.argv.slice(2));
if (!lanes) {
  console.error('usage: tsx scripts/test-parallel.ts [--nice] [--after=<script>] <script>[,<script>...] ...');
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

function run(script: string, nice: boolean): Promise<Step> {
  const begun = since(started);
  const t = Date.now();
  const command = nice ? ['nice', '-n', '10', 'npm'] : ['npm'];
  return new Promise((resolve) => {
    const [bin = 'npm', ...rest] = command;
    const child = spawn(bin, [...rest, 'run', '--silent', script], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${script}] ${line}`));
    }
    child.on('close', (code, signal) => resolve({ script, code: code ?? (signal ? 1 : 0), started: begun, seconds: since(t) }));
  });
}

/** Each script's outcome, as soon as it has one: a lane that runs `--after` a script waits on it. */
const finished = new Map<string, { promise: Promise<boolean>; resolve(passed: boolean): void }>();
for (const script of lanes.flatMap((lane) => lane.scripts)) {
  let resolve: (passed: boolean) => void = () => {};
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  finished.set(script, { promise, resolve });
}

async function runLane(lane: Lane): Promise<Step[]> {
  const steps: Step[] = [];
  if (lane.after && !(await finished.get(lane.after)?.promise)) return steps;
  for (const script of lane.scripts) {
    const step = await run(script, lane.nice);
    steps.push(step);
    finished.get(script)?.resolve(step.code === 0);
    if (step.code !== 0) break;
  }
  // Scripts a failure left unrun count as failed for the lanes that wait on them.
  for (const script of lane.scripts) finished.get(script)?.resolve(false);
  return steps;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
for (const { script, code, started: at, seconds } of results) {
  console.log(`${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s (started at ${at} s)`);
}
const ran = new Set(results.map((r) => r.script));
const skipped = lanes.flatMap((lane) => lane.scripts).filter((script) => !ran.has(script));
if (skipped.length > 0) console.log(`not run, after a failure in their lane: ${skipped.join(', ')}`);
console.log(`all lanes: ${since(started)} s`);
process.exit(results.some((r) => r.code !== 0) || skipped.length > 0 ? 1 : 0);
