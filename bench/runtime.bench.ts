import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/runtime.js';
import { apiCosts, type CallCost, ensureBuilt, IDLE_SECONDS, idleMemory, LOAD_SECONDS, type Memory } from './footprint.bench.js';
import { jsGzip, launchBrowserFor, measure, median, PROFILES, type Run, startServer } from './landing.bench.js';

/**
 * The same tree's server on each Node.js the machine has: idle memory, API CPU per request and the
 * landing page, one run per Node, in one `npm run bench runtime`. The Nodes are `BENCH_NODES`
 * (comma-separated binaries), or else the one npm runs this on and the first other `node` on the PATH
 * (a system Node beside the one `npm install` brings). Build, type-check and suite times are measured
 * by hand (docs/benchmarks.md, "Node.js 20 and 24"), since they are whole tool runs, not the server.
 */
export const name = 'runtime';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 3;

function versionOf(node: string): string {
  return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
}

/** The Node binaries to compare, one per version, oldest first. */
function nodes(): { node: string; version: string }[] {
  const listed = process.env.BENCH_NODES?.split(',').map((n) => n.trim()) ?? [];
  const onPath = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((n) => n && !n.includes(`${path.sep}node_modules${path.sep}`));
  const candidates = listed.length > 0 ? listed : [process.execPath, ...onPath];
  const byVersion = new Map<string, string>();
  for (const node of candidates) {
    if (!existsSync(node)) throw new Error(`BENCH_NODES names ${node}, which does not exist`);
    const version = versionOf(node);
    if (!byVersion.has(version)) byVersion.set(version, node);
  }
  const major = (v: string) => Number(v.slice(1).split('.')[0]);
  return [...byVersion].map(([version, node]) => ({ node, version })).sort((a, b) => major(a.version) - major(b.version));
}

interface Measured {
  version: string;
  memory: Memory;
  calls: (CallCost | null)[];
  landing: Record<'mobile' | 'desktop', Run[]>;
}

async function landingRuns(node: string): Promise<Measured['landing']> {
  const server = await startServer(node);
  const browser = await launchBrowserFor(server);
  try {
    await measure(browser, server.baseUrl, PROFILES[1]);
    const landing: Measured['landing'] = { mobile: [], desktop: [] };
    for (const profile of PROFILES) for (let i = 0; i < RUNS; i++) landing[profile.id].push(await measure(browser, server.baseUrl, profile));
    return landing;
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function run(): Promise<string> {
  ensureBuilt(root);
  const measured: Measured[] = [];
  for (const { node, version } of nodes()) {
    console.log(`  on Node ${version} (${node})`);
    measured.push({ version, memory: await idleMemory(root, node), calls: await apiCosts(root, node), landing: await landingRuns(node) });
  }
  return report(measured);
}

function report(measured: Measured[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const row = (label: string, value: (m: Measured) => string) => `| ${label} | ${measured.map(value).join(' | ')} |`;
  const landing = (profile: 'mobile' | 'desktop', pick: (r: Run) => number, format: (n: number) => string) => (m: Measured) =>
    format(median(m.landing[profile].map(pick)));
  const labels = measured[0]!.calls.map((c, i) => c?.label ?? measured.find((m) => m.calls[i])?.calls[i]?.label ?? '');
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  return [
    '## Runtime: the server on each Node.js',
    '',
    `_Last run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${commit}; ${os.cpus().length} CPUs; load average ${os.loadavg()[0]!.toFixed(1)} at the end._`,
    '',
    `| Measure | ${measured.map((m) => `Node ${m.version}`).join(' | ')} |`,
    `|---|${measured.map(() => '---|').join('')}`,
    row(`Idle RSS, first start (database created), after ${IDLE_SECONDS} s`, (m) => `${Math.round(m.memory.firstStart)} MB`),
    row(`Idle RSS, started again on that data, after ${IDLE_SECONDS} s`, (m) => `${Math.round(m.memory.restarted)} MB`),
    ...labels.map((label, i) =>
      row(`Server CPU per request: ${label}`, (m) => {
        const call = m.calls[i];
        return call ? `${call.cpuMs.toFixed(2)} ms (${Math.round(call.requestsPerSecond)}/s)` : 'n/a';
      }),
    ),
    row(
      'Landing, phone: Largest Contentful Paint',
      landing('mobile', (r) => r.lcp, ms),
    ),
    row(
      'Landing, phone: First Contentful Paint',
      landing('mobile', (r) => r.fcp, ms),
    ),
    row(
      'Landing, phone: transferred, requests',
      (m) => `${kb(median(m.landing.mobile.map((r) => r.transferred)))}, ${median(m.landing.mobile.map((r) => r.requests))}`,
    ),
    row('Landing, phone: JavaScript (gzip)', landing('mobile', jsGzip, kb)),
    row(
      'Landing, phone: load event',
      landing('mobile', (r) => r.load, ms),
    ),
    row(
      'Landing, desktop: Largest Contentful Paint',
      landing('desktop', (r) => r.lcp, ms),
    ),
    row(
      'Landing, desktop: transferred',
      landing('desktop', (r) => r.transferred, kb),
    ),
    '',
    `Method: \`bench/runtime.bench.ts\`, one run per Node, one after the other, on the same tree and the same built site. The server runs as \`npm start\` runs it (\`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx src/server/main.ts\`, PGlite in a fresh \`DATA_DIR\`) on that Node. Memory and CPU per request as in the footprint section (\`VmRSS\` ${IDLE_SECONDS} s after health; the process's CPU over ${LOAD_SECONDS} s of autocannon with 20 connections, per request answered, for one customer with one delivered beta order). The landing rows are the landing benchmark's profiles, medians of ${RUNS} cold-cache loads each.`,
  ].join('\n');
}
