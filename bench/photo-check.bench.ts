import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdictTables } from './photo-check-verdicts.js';

/**
 * The selfie check (face detection, landmarks, descriptor, sharpness, light and hash of one photo) on
 * 2048 px photos: one photo at a time, a set of 10 at once, start-up, and the memory the models add.
 * Each pool size runs in a process of its own (bench/photo-check-measure.ts). Then the verdicts on a
 * labelled set: blurred and dark faces, and sets with two people (bench/photo-check-verdicts.ts).
 */
export const name = 'photo-check';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;

interface Measured {
  workers: number;
  startupMs: number;
  baseline: number;
  afterLoad: number;
  peak: number;
  single: number[];
  sets: number[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function measure(workers: number): Measured {
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'bench/photo-check-measure.ts'), String(workers)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Measured;
}

export async function run(): Promise<string> {
  // Other work on the machine slows every figure: the load at the start says how much there was.
  const load = os.loadavg()[0] ?? 0;
  const rows = [1, 2]
    .map(measure)
    .map(
      (m) =>
        `| ${m.workers} | ${ms(m.startupMs)} | ${ms(quantile(m.single, 0.5))} | ${ms(quantile(m.single, 0.95))} | ${ms(quantile(m.sets, 0.5))} | ${ms(Math.max(...m.sets))} | ${mb(m.afterLoad - m.baseline)} | ${mb(m.peak - m.baseline)} | ${mb(m.peak)} |`,
    );
  const verdicts = await verdictTables();
  return `## Selfie check

${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${load.toFixed(1)} at the start, Node ${process.version}. SSD MobileNet v1 +
68-point landmarks + recognition net on TensorFlow.js 4.22's WebAssembly backend (SIMD, one thread per
worker), detection on a 512 px square (up to three more looks at an enhanced copy when no face is found), measurements on a 1024 px copy. Photos: 10 different selfies enlarged
to 2048 px (the largest the browser sends); one photo = 20 runs one after the other; a set = the 10 sent
at once, 5 runs. Memory is the process's resident size: "added" is measured from before the first worker
started. Target: a set of 10 under 3 s, memory added by the models under 300 MB.

| Workers | Start-up (workers + models) | One photo, median | One photo, p95 | Set of 10, median | Set of 10, slowest | Added after loading | Added at peak | Peak RSS |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

${verdicts.markdown}`;
}
