import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { astroCli } from '../scripts/astro-cli.js';
import { SERVER_NODE_FLAGS } from '../scripts/runtime.js';
import { type Browser, chromium } from '@playwright/test';
import { type Customer, placePaidOrderOverHttp, signInOverHttp } from '../tests/support/customer.js';
import { freePort } from '../tests/support/server-process.js';

/**
 * What a running installation costs and what the dashboard sends a phone, for this checkout and, when
 * `BENCH_BEFORE` names another checkout of the project (a `git worktree` of an earlier commit with its
 * `node_modules`), for that one too, in the same run on the same machine:
 * - resident memory of the server (`src/server/main.ts`, PGlite, the embedded default) once idle;
 * - server CPU per request of the customer's hottest calls, under load;
 * - the dashboard's Overview and My Orders in Chromium on the landing benchmark's phone profile.
 */
export const name = 'footprint';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 3;
export const LOAD_SECONDS = 8;
export const IDLE_SECONDS = 75;
const TARGETS = { idleRssMb: 350, overviewJsKb: 120 };

interface Checkout {
  label: string;
  root: string;
}

interface Server {
  url: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts a checkout's server as `npm start` runs it (tsx, PGlite in DATA_DIR) on `node` and waits for
 * /v1/health.
 */
async function startServer(root: string, dataDir: string, extraEnv: Record<string, string> = {}, node = process.execPath): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(node, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(root, 'dist'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_LINKS_PER_IP_PER_HOUR: '100000',
      ...extraEnv,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 300_000;
  while (
    !(await fetch(`${url}/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the server of ${root} exited during start-up`);
    if (Date.now() > deadline) throw new Error(`the server of ${root} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Memory {
  firstStart: number;
  restarted: number;
}

/** Idle resident memory on `node`: a first start (the database is created), then a start on that same data. */
export async function idleMemory(root: string, node = process.execPath): Promise<Memory> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-footprint-'));
  try {
    let server = await startServer(root, dataDir, {}, node);
    await sleep(IDLE_SECONDS * 1000);
    const firstStart = rssMb(server.pid);
    await server.stop();
    server = await startServer(root, dataDir, {}, node);
    await sleep(IDLE_SECONDS * 1000);
    const restarted = rssMb(server.pid);
    await server.stop();
    return { firstStart, restarted };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export interface CallCost {
  label: string;
  cpuMs: number;
  requestsPerSecond: number;
}

/** Server CPU per request of one call under 20 connections, from the process's own CPU counters. */
async function callCost(
  server: Server,
  /** null: no cookie (a signed link). */
  customer: Customer | null,
  label: string,
  request: { method: 'GET' | 'POST'; path: string; body?: string },
): Promise<CallCost> {
  const headers: Record<string, string> = customer ? { ...customer.json } : {};
  const probe = await fetch(`${server.url}${request.path}`, { method: request.method, headers, body: request.body });
  if (!probe.ok) throw new Error(`${label}: ${probe.status} ${await probe.text()}`);
  await autocannon({ url: server.url, connections: 20, duration: 2, requests: [{ ...request, headers }] });
  const before = cpuMs(server.pid);
  const result = await autocannon({ url: server.url, connections: 20, duration: LOAD_SECONDS, requests: [{ ...request, headers }] });
  const used = cpuMs(server.pid) - before;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { label, cpuMs: used / result.requests.total, requestsPerSecond: result.requests.average };
}

interface PageRun {
  jsBytes: number;
  totalBytes: number;
  requests: number;
  fcp: number;
  /** Until the page's own content (not the shell's) is on screen. */
  ready: number;
  scripts: string[];
}

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuSlowdown: 4,
};

/** One cold load of a dashboard page on the phone profile, signed in. */
async function loadPage(browser: Browser, server: Server, customer: Customer, pagePath: string, readyText: RegExp): Promise<PageRun> {
  const context = await browser.newContext({ viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true });
  const [cookieName, cookieValue] = customer.cookie.split('=') as [string, string];
  await context.addCookies([{ name: cookieName, value: cookieValue, url: server.url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', PHONE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, new URL(event.response.url).pathname);
  });
  let jsBytes = 0;
  let totalBytes = 0;
  let requests = 0;
  const scripts: string[] = [];
  cdp.on('Network.loadingFinished', (event) => {
    totalBytes += event.encodedDataLength;
    requests += 1;
    if (types.get(event.requestId) === 'Script') {
      jsBytes += event.encodedDataLength;
      scripts.push(urls.get(event.requestId) ?? '');
    }
  });
  const started = Date.now();
  await page.goto(`${server.url}${pagePath}`, { waitUntil: 'commit', timeout: 120_000 });
  await page.getByText(readyText).first().waitFor({ timeout: 120_000 });
  const ready = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
  await context.close();
  return { jsBytes, totalBytes, requests, fcp, ready, scripts };
}

/** Waits until the order is delivered and returns its info. */
async function completed(server: Server, customer: Customer, orderId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const res = await fetch(`${server.url}/v1/order/info`, { method: 'POST', headers: customer.json, body: JSON.stringify({ orderId }) });
    const info = (await res.json()).data as Record<string, unknown>;
    if (info.status === 'completed') return info;
    if (Date.now() > deadline) throw new Error(`the beta order was not delivered in time (${String(info.status)})`);
    await sleep(1000);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Result {
  checkout: Checkout;
  memory: Memory;
  /** null: the checkout has no such way (signed links came with issue 18). */
  calls: (CallCost | null)[];
  pages: { label: string; runs: PageRun[] }[];
}

/** Builds the checkout's site once, if its dist/ has no dashboard yet. */
export function ensureBuilt(root: string): void {
  if (existsSync(path.join(root, 'dist', 'dashboard', 'index.html'))) return;
  const build = spawnSync(process.execPath, [astroCli(root), 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the site of ${root} did not build`);
}

/**
 * Runs `measure` against a server of the checkout (on `node`) whose signed-in customer has one
 * delivered beta order, made first by the offline generator at full speed.
 */
async function withDeliveredOrder<T>(
  root: string,
  node: string,
  measure: (server: Server, customer: Customer, orderId: string, info: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-footprint-'));
  const server = await startServer(root, dataDir, { GENERATOR_PACE_MS: '0' }, node);
  try {
    const customer = await signInOverHttp(server.url, path.join(dataDir, 'outbox'), 'bench@example.com');
    const orderId = await placePaidOrderOverHttp(server.url, customer, 'beta');
    return await measure(server, customer, orderId, await completed(server, customer, orderId));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Server CPU per request of the customer's hottest calls (null where the checkout has no such way). */
async function callCosts(server: Server, customer: Customer, orderId: string, info: Record<string, unknown>): Promise<(CallCost | null)[]> {
  const body = JSON.stringify({ orderId });
  const image = (query: string) => `/v1/image/get/${orderId}/1${query}`;
  const token = typeof info.imageToken === 'string' ? encodeURIComponent(info.imageToken) : null;
  return [
    await callCost(server, customer, 'Order list (`POST /v1/order/list`)', { method: 'POST', path: '/v1/order/list', body: '{}' }),
    await callCost(server, customer, 'Order info (`POST /v1/order/info`)', { method: 'POST', path: '/v1/order/info', body }),
    await callCost(server, customer, 'User info (`GET /v1/user/info`)', { method: 'GET', path: '/v1/user/info' }),
    await callCost(server, customer, 'Portrait, with the session', { method: 'GET', path: image('') }),
    await callCost(server, customer, 'Thumbnail, with the session', { method: 'GET', path: image('?size=thumb') }),
    token ? await callCost(server, null, 'Portrait, signed link', { method: 'GET', path: image(`?t=${token}`) }) : null,
    token ? await callCost(server, null, 'Thumbnail, signed link', { method: 'GET', path: image(`?size=thumb&t=${token}`) }) : null,
  ];
}

/** The API's CPU per request for a checkout's server on `node` (bench/runtime.bench.ts compares Nodes with it). */
export function apiCosts(root: string, node: string): Promise<(CallCost | null)[]> {
  return withDeliveredOrder(root, node, callCosts);
}

async function measureCheckout(browser: Browser, checkout: Checkout): Promise<Result> {
  ensureBuilt(checkout.root);
  const memory = await idleMemory(checkout.root);
  return withDeliveredOrder(checkout.root, process.execPath, async (server, customer, orderId, info) => {
    const calls = await callCosts(server, customer, orderId, info);
    const pages = [];
    for (const [label, pagePath, ready] of [
      ['Overview (`/dashboard`)', '/dashboard', /Welcome to your portrait studio/],
      ['My Orders (`/dashboard/myOrders`)', '/dashboard/myOrders', /^(Completed|Processing|Pending)$/],
    ] as const) {
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadPage(browser, server, customer, pagePath, ready));
      pages.push({ label, runs });
    }
    return { checkout, memory, calls, pages };
  });
}

export async function run(): Promise<string> {
  const checkouts: Checkout[] = [{ label: 'this checkout', root: here }];
  if (process.env.BENCH_BEFORE) checkouts.unshift({ label: `before (${gitHead(process.env.BENCH_BEFORE)})`, root: path.resolve(process.env.BENCH_BEFORE) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: Result[] = [];
  try {
    for (const checkout of checkouts) results.push(await measureCheckout(browser, checkout));
  } finally {
    await browser.close();
  }
  return report(results, browser.version());
}

function gitHead(root: string): string {
  return spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || root;
}

function report(results: Result[], chromiumVersion: string): string {
  const cols = results.map((r) => r.checkout.label);
  const row = (label: string, values: string[], target = '') => `| ${label} | ${values.join(' | ')} | ${target} |`;
  const head = `| Measure | ${cols.join(' | ')} | Target |\n|---|${cols.map(() => '---|').join('')}---|`;
  const mine = results.at(-1)!;
  const lines = [
    '## Footprint: idle memory, API CPU, the dashboard on a phone',
    '',
    `_Last run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; Node ${process.version}, ${os.cpus().length} CPUs, Chromium ${chromiumVersion}; load average ${os.loadavg()[0]!.toFixed(1)} at the end._`,
    '',
    head,
    row(
      `Idle RSS, first start (database created), after ${IDLE_SECONDS} s`,
      results.map((r) => `${Math.round(r.memory.firstStart)} MB`),
      `< ${TARGETS.idleRssMb} MB: ${mine.memory.firstStart < TARGETS.idleRssMb ? 'met' : 'not met'}`,
    ),
    row(
      `Idle RSS, started again on that data, after ${IDLE_SECONDS} s`,
      results.map((r) => `${Math.round(r.memory.restarted)} MB`),
      `< ${TARGETS.idleRssMb} MB: ${mine.memory.restarted < TARGETS.idleRssMb ? 'met' : 'not met'}`,
    ),
    ...mine.calls.map((call, i) => {
      const cost = (r: Result) => r.calls[i];
      const before = cost(results[0]!);
      const values = results.map((r) => {
        const c = cost(r);
        return c ? `${c.cpuMs.toFixed(2)} ms (${Math.round(c.requestsPerSecond)}/s)` : 'n/a';
      });
      const verdict = results.length > 1 && call && before ? `half: ${call.cpuMs <= before.cpuMs / 2 ? 'met' : 'not met'}` : '';
      return row(`Server CPU per request: ${call?.label ?? mine.calls[i]?.label ?? ''}`, values, verdict);
    }),
    ...mine.pages.flatMap((pageResult, i) => {
      const of = (r: Result) => r.pages[i]!.runs;
      const overview = i === 0;
      return [
        row(
          `${pageResult.label}: JavaScript transferred`,
          results.map((r) => kb(median(of(r).map((x) => x.jsBytes)))),
          overview ? `< ${TARGETS.overviewJsKb} KB: ${median(pageResult.runs.map((x) => x.jsBytes)) < TARGETS.overviewJsKb * 1024 ? 'met' : 'not met'}` : '',
        ),
        row(
          `${pageResult.label}: all bytes, requests`,
          results.map((r) => `${kb(median(of(r).map((x) => x.totalBytes)))}, ${median(of(r).map((x) => x.requests))}`),
        ),
        row(
          `${pageResult.label}: first contentful paint`,
          results.map((r) => `${Math.round(median(of(r).map((x) => x.fcp)))} ms`),
        ),
        row(
          `${pageResult.label}: its content on screen`,
          results.map((r) => `${Math.round(median(of(r).map((x) => x.ready)))} ms`),
        ),
      ];
    }),
    '',
    `Scripts the Overview loads in this checkout: ${[...new Set(mine.pages[0]!.runs[0]!.scripts)].map((s) => `\`${path.basename(s)}\``).join(', ')}.`,
    '',
    `Method: \`bench/footprint.bench.ts\`. Each checkout's server runs as \`npm start\` runs it (\`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx src/server/main.ts\`, PGlite in a fresh \`DATA_DIR\`, the built site from its own \`dist/\`); resident memory is \`VmRSS\` of that process ${IDLE_SECONDS} s after it answered \`/v1/health\`, with no request made, on a first start and again after a restart on the same data. CPU per request is the server process's user + system time (\`/proc/<pid>/stat\`) over ${LOAD_SECONDS} s of autocannon with 20 connections (after 2 s of warm-up), divided by the requests answered, for one signed-in customer with one delivered beta order (made first by the offline generator at full speed, before anything is measured); the image rows ask for its portrait 1 (a 832x1216 JPEG) and thumbnail, with the session cookie or, where the checkout has them, through the order info's signed link with no cookie. Pages: a signed-in Chromium context per load, cache disabled, on the landing benchmark's phone profile (390x844 at 3x, Slow 4G: 1.6 Mbps, 150 ms, 4x CPU); bytes are the DevTools protocol's \`encodedDataLength\` (compressed, headers included), "content on screen" is from navigation start until the page's own text shows (the Overview's first-order card, My Orders' order row), medians of ${RUNS}. With \`BENCH_BEFORE\`, both checkouts are measured one after the other in this run.`,
  ];
  return lines.join('\n');
}
