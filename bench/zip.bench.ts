import { execFileSync } from 'node:child_process';
import { stat, mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { orders, portraits } from '../src/server/db/schema.js';
import { findOrCreateUser } from '../src/server/services/accounts/find-or-create-user.js';
import { createSession } from '../src/server/services/auth/sessions.js';
import { portraitKey } from '../src/server/services/orders/storage-keys.js';
import { PORTRAIT_SIZE } from '../src/shared/limits.js';

/**
 * The "Download All" zip of a 100-portrait Executive order (1664x2432 JPEGs), streamed over HTTP
 * from the server in this process while the process's resident memory is sampled. A zip built in
 * memory would grow RSS by about its own size; a streamed one by a small constant.
 */
export const name = 'zip';

const PORTRAITS = 100;
/** Distinct images generated; the order's 100 files cycle through them (generating 100 takes a minute). */
const DISTINCT = 20;
const RUNS = 3;
const SAMPLE_MS = 5;
const MB = 1024 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes the portraits straight into the disk file store: `DISTINCT` noisy JPEGs (each weighs what a
 * real 2x portrait weighs, about 0.7 MB) made with sharp and cycled over `targets`. It runs in a child
 * process so that no image ever passes through this process's memory: the allocator would otherwise
 * keep those pages and let a buffered zip hide in them.
 */
function writePortraits(targets: string[]): void {
  const { width, height } = PORTRAIT_SIZE.large;
  const script = `
    import { mkdir, writeFile } from 'node:fs/promises';
    import path from 'node:path';
    import sharp from 'sharp';
    const [targets, distinct, width, height] = JSON.parse(process.argv[1]);
    const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 10 } } }).png().toBuffer();
    const images = await Promise.all(Array.from({ length: distinct }, (_, i) => {
      const hue = ((i + 1) * 37) % 360;
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + width + '" height="' + height + '"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(' + hue + ',35%,72%)"/><stop offset="1" stop-color="hsl(' + hue + ',35%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="' + width / 2 + '" cy="' + height * 0.4 + '" rx="' + width * 0.2 + '" ry="' + height * 0.17 + '" fill="#d9a983"/></svg>';
      return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
    }));
    for (const [i, target] of targets.entries()) {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, images[i % distinct]);
    }
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify([targets, DISTINCT, width, height])], { cwd: root, stdio: 'inherit' });
}

interface Run {
  bytes: number;
  ttfbMs: number;
  seconds: number;
  peakGrowth: number;
  /** Memory behind live Buffers half-way through, after a forced collection: what the download holds. */
  liveHalfway: number;
  baseline: number;
}

/**
 * Downloads the zip, counting bytes and discarding them, while RSS is sampled every few milliseconds.
 * `hold` keeps a copy of every chunk until the end instead: the control that shows what a whole zip
 * in memory costs, so the sampling is known to catch one.
 */
function download(url: string, cookie: string, { hold = false, slow = false } = {}): Promise<Run> {
  const before = process.memoryUsage();
  const baseline = before.rss;
  let peak = baseline;
  let liveHalfway = Number.NaN;
  let probeMs = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}`));
      const ttfbMs = performance.now() - started;
      let bytes = 0;
      const held: Buffer[] = [];
      const half = Number(response.headers['content-length']) / 2;
      const gc = (globalThis as { gc?: () => void }).gc;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (gc && Number.isNaN(liveHalfway) && bytes >= half) {
          // Array buffers are freed by a sweeper after the collection: give it a moment, then read.
          liveHalfway = 0;
          const probeStart = performance.now();
          response.pause();
          gc();
          setTimeout(() => {
            gc();
            liveHalfway = process.memoryUsage().arrayBuffers - before.arrayBuffers;
            probeMs = performance.now() - probeStart;
            response.resume();
          }, 50);
        }
        if (hold) held.push(Buffer.from(chunk));
        if (slow && !response.isPaused()) {
          response.pause();
          setTimeout(() => response.resume(), Math.ceil(chunk.length / (30 * 1024)));
        }
      });
      response.on('error', reject);
      response.on('end', () => {
        sample();
        clearInterval(sampler);
        held.length = 0;
        const expected = Number(response.headers['content-length']);
        if (bytes !== expected) return reject(new Error(`got ${bytes} bytes, Content-Length said ${expected}`));
        // The half-way probe's pause is not the download's time.
        const seconds = (performance.now() - started - probeMs) / 1000;
        resolve({ bytes, ttfbMs, seconds, peakGrowth: peak - baseline, liveHalfway, baseline });
      });
    }).on('error', reject);
  });
}

const median = (values: number[]) => {
  const middle = [...values].sort((a, b) => a - b).at(Math.floor(values.length / 2));
  if (middle === undefined) throw new Error('no downloads to take the median of');
  return middle;
};
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

/**
 * `stream` as a fast local browser downloads; `slow` a client on a slower link (about 20 MB/s), where
 * the file store outpaces the socket and only backpressure keeps the zip out of memory; `hold` the control.
 */
type Mode = 'stream' | 'slow' | 'hold';

interface Seeded {
  dataDir: string;
  orderId: string;
  token: string;
  portraitBytes: number;
}

/** Builds the app on `dataDir` and serves it on a free local port. */
async function startApp(dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000' });
  if (config.storage.kind !== 'disk') throw new Error('the zip benchmark runs on the disk file store');
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, config, storageDir: config.storage.dir, port: (app.server.address() as AddressInfo).port };
}

/** A customer with a completed 100-portrait Executive order, files and rows. */
async function seed(dataDir: string): Promise<Seeded> {
  const { app, storageDir } = await startApp(dataDir);
  try {
    const { db } = app.ctx.database;
    const now = new Date();
    const user = await findOrCreateUser(db, { email: 'zip-bench@example.com', now });
    // Sessions idle out after 30 days; the benchmark's lives as long as the run.
    const { token } = await createSession(db, { userId: user.id, now });
    const [order] = await db
      .insert(orders)
      .values({
        userId: user.id,
        status: 'completed',
        categoryId: 'generic',
        packageId: 'executive',
        portraitInfo: { type: 'generic', package: 'executive' },
        imageTotal: PORTRAITS,
        imageGenerated: PORTRAITS,
        progress: 100,
        priceCents: 7500,
        amountCents: 7500,
        paidAt: now,
        completedAt: now,
      })
      .returning();
    if (!order) throw new Error('inserting the benchmark order returned no row');
    const keys = Array.from({ length: PORTRAITS }, (_, i) => portraitKey(order.id, i + 1));
    const files = keys.map((key) => path.join(storageDir, key));
    console.log(`  generating ${DISTINCT} distinct ${PORTRAIT_SIZE.large.width}x${PORTRAIT_SIZE.large.height} JPEGs for ${PORTRAITS} portraits...`);
    writePortraits(files);
    let portraitBytes = 0;
    for (const [i, key] of keys.entries()) {
      const { size } = await stat(files[i]);
      portraitBytes += size;
      await db
        .insert(portraits)
        .values({ orderId: order.id, no: i + 1, storageKey: key, width: PORTRAIT_SIZE.large.width, height: PORTRAIT_SIZE.large.height, bytes: size });
    }
    if ((await app.ctx.files.count(`orders/${order.id}/portraits`)) !== PORTRAITS) throw new Error('portraits missing from the file store');
    return { dataDir, orderId: order.id, token, portraitBytes };
  } finally {
    await app.close();
  }
}

/**
 * One measured download in a fresh process (this module, run with BENCH_ZIP_CHILD set): a long-lived
 * process keeps the pages earlier downloads freed, and a buffered zip could hide in them.
 */
function measureInChild(seeded: Seeded, mode: Mode): Run {
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: root,
    env: { ...process.env, BENCH_ZIP_CHILD: JSON.stringify({ ...seeded, mode }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();
  const last = output.trim().split('\n').at(-1);
  if (!last) throw new Error(`the ${mode} download printed no result`);
  return JSON.parse(last) as Run;
}

async function child(spec: string): Promise<void> {
  const { dataDir, orderId, token, mode } = JSON.parse(spec) as Seeded & { mode: Mode };
  const { app, port } = await startApp(dataDir);
  try {
    (globalThis as { gc?: () => void }).gc?.();
    const url = `http://127.0.0.1:${port}/v1/order/groupDownload/${orderId}`;
    const result = await download(url, `session=${token}`, { hold: mode === 'hold', slow: mode === 'slow' });
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
  }
}

export async function run(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'zip-bench-'));
  try {
    const seeded = await seed(dataDir);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(measureInChild(seeded, 'stream'));
    const slow = measureInChild(seeded, 'slow');
    const control = measureInChild(seeded, 'hold');
    const { portraitBytes } = seeded;

    const [first] = runs;
    const zipBytes = first.bytes;
    const peakGrowth = Math.max(...runs.map((r) => r.peakGrowth));
    const throughput = median(runs.map((r) => r.bytes / r.seconds));
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    return `## Zip download (\`GET /v1/order/groupDownload/{orderId}\`)

_Last run ${stamp} UTC; Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), file store on local disk. ${RUNS} downloads, each in a fresh process._

| Metric | Result |
|---|---|
| Portraits in the zip | ${PORTRAITS} (${PORTRAIT_SIZE.large.width}x${PORTRAIT_SIZE.large.height} JPEG, ${mb(portraitBytes / PORTRAITS)} on average) |
| Zip size | ${mb(zipBytes)} (JPEGs stored as they are, plus ${((zipBytes - portraitBytes) / 1024).toFixed(1)} KB of zip headers) |
| Peak RSS growth during a download (worst of ${RUNS}) | ${mb(peakGrowth)}, ${share(peakGrowth, zipBytes)} of the zip |
| Live Buffer memory half-way, after a forced collection (worst of ${RUNS}) | ${mb(Math.max(...runs.map((r) => r.liveHalfway)))} |
| Client on a slower link (${(slow.bytes / slow.seconds / MB).toFixed(0)} MB/s): peak RSS growth, live Buffers half-way | ${mb(slow.peakGrowth)}, ${mb(slow.liveHalfway)} |
| Control, the same download held whole in memory: peak RSS growth, live Buffers half-way | ${mb(control.peakGrowth)}, ${mb(control.liveHalfway)} |
| Throughput (median) | ${(throughput / MB).toFixed(0)} MB/s |
| Time to first byte (median) | ${median(runs.map((r) => r.ttfbMs)).toFixed(0)} ms |
| Download time (median) | ${median(runs.map((r) => r.seconds * 1000)).toFixed(0)} ms |
| RSS before a download | ${mb(median(runs.map((r) => r.baseline)))} (mostly the embedded database's WebAssembly heap) |

Method: an Executive order with ${PORTRAITS} portraits is seeded in a temporary \`DATA_DIR\` (PGlite and the disk
file store, as \`npm start\` uses them): ${DISTINCT} distinct noisy ${PORTRAIT_SIZE.large.width}x${PORTRAIT_SIZE.large.height}
JPEGs made with sharp, cycled. Each measured download runs in a fresh Node process that builds the app on that
\`DATA_DIR\`, serves it on 127.0.0.1 and fetches the zip over HTTP with a client that counts and discards the bytes,
while \`process.memoryUsage().rss\` is sampled every ${SAMPLE_MS} ms from just before the request (after a forced GC) to
the last byte. A fresh process matters: a long-lived one keeps pages that earlier work freed, and a zip held in
memory could hide in them. Server and client share the process, so the figure covers both sides. Peak RSS growth is mostly 64 KB chunks already sent and discarded
but not yet collected (V8 collects them when its external-memory trigger fires), so half-way through each download
the process forces a collection and reads \`arrayBuffers\`: the memory the download really holds. The slower client reads
at about ${(slow.bytes / slow.seconds / MB).toFixed(0)} MB/s, so the file store outpaces the socket: a zip that were not streamed with backpressure would pile up
in memory there, and the figure shows it does not. The control run keeps a copy of every chunk until the
last one, which is what holding the whole zip in memory costs. Throughput
includes the first download's warm-up (JIT, cold caches), as a customer's first download would, and leaves out
the half-way probe's pause. The zip is streamed
as it is built: one portrait file is open at a time, piped into the archive and the archive into the socket with
backpressure, so memory stays flat whatever the order's size.`;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ZIP_CHILD) {
  child(process.env.BENCH_ZIP_CHILD).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
