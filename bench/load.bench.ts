import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { startServer, type ServerProcess } from '../tests/support/server-process.js';
import { ensureSite } from './load-site.js';
import { signPortraitLink } from '../src/server/services/orders/portrait-links.js';
import { portraitUrl } from '../src/shared/orders.js';
import { makeImages, planLoadData, seedDatabase, writeFiles, type LoadImages, type LoadPlan, type PlannedCustomer } from './load-seed.js';

/**
 * The API and the site under load: the real server, started as its own process on a seeded data set
 * (1,000 signed-in customers, 10,000 orders, their portraits on disk), is hammered by autocannon one
 * call at a time, with cookies rotating across every customer. Three setups: PGlite in one process,
 * PostgreSQL in one process, and two processes sharing one PostgreSQL.
 */
export const name = 'load';

const CUSTOMERS = 1000;
const ORDERS_EACH = 10;
const CONNECTIONS = 20;
const SECONDS = 10;
const WARMUP_SECONDS = 3;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;

interface Target {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  cookie?: string;
}

interface Endpoint {
  label: string;
  /** The i-th request of a run: customers take turns, and each one's orders and portraits too. */
  pick(i: number): Target;
  /** What a correct answer looks like, checked once per server before the load. */
  check(response: Response, target: Target): Promise<string | null>;
}

const cookieOf = (customer: PlannedCustomer) => `session=${customer.token}`;

const pidOf = (server: ServerProcess) => {
  const { pid } = server.process;
  if (pid === undefined) throw new Error('a server process has no pid: it did not start');
  return pid;
};

function endpoints(plan: LoadPlan): Endpoint[] {
  const { customers } = plan;
  const n = customers.length;
  // Indices wrap around, so every pick below is one of the list's.
  const customer = (i: number) => customers[i % n];
  const round = (i: number) => Math.floor(i / n);
  const delivered = new Map(customers.map((c) => [c.id, c.orders.filter((o) => o.status === 'completed')]));
  const deliveredTo = (c: PlannedCustomer) => delivered.get(c.id) ?? [];
  const portrait = (i: number, size: 'full' | 'thumb', { linked = false } = {}): Target => {
    // Every customer has completed orders in this data set (each order is completed with p = 0.8).
    let c = customer(i);
    for (let k = 1; deliveredTo(c).length === 0; k++) c = customer(i + k);
    const done = deliveredTo(c);
    const order = done[round(i) % done.length];
    const no = 1 + ((i * 7919) % order.imageGenerated);
    if (linked) {
      // As the gallery asks: the order info's signed link, no cookie.
      const url = portraitUrl(order.id, no, { size, token: signPortraitLink(plan.linkKey, order.id, new Date()) });
      return { method: 'GET', path: url };
    }
    return { method: 'GET', path: `/v1/image/get/${order.id}/${no}${size === 'thumb' ? '?size=thumb' : ''}`, cookie: cookieOf(c) };
  };
  const json = async <T>(response: Response) => (await response.json()) as { code: number; data: T | null };
  const isJpeg = async (response: Response) => {
    const bytes = Buffer.from(await response.arrayBuffer());
    return response.headers.get('content-type') === 'image/jpeg' && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.length > 10_000
      ? null
      : 'not a JPEG portrait';
  };
  return [
    {
      label: 'Order list (`POST /v1/order/list`)',
      pick: (i) => ({ method: 'POST', path: '/v1/order/list', body: '{}', cookie: cookieOf(customer(i)) }),
      check: async (r) => ((await json<unknown[]>(r)).data?.length === ORDERS_EACH ? null : `expected ${ORDERS_EACH} orders`),
    },
    {
      label: 'Order info (`POST /v1/order/info`)',
      pick: (i) => {
        const c = customer(i);
        return { method: 'POST', path: '/v1/order/info', body: JSON.stringify({ orderId: c.orders[round(i) % c.orders.length].id }), cookie: cookieOf(c) };
      },
      check: async (r) => (typeof (await json<{ status: unknown }>(r)).data?.status === 'string' ? null : 'no order status'),
    },
    {
      label: 'User info (`GET /v1/user/info`)',
      pick: (i) => ({ method: 'GET', path: '/v1/user/info', cookie: cookieOf(customer(i)) }),
      check: async (r, t) => ((await json<{ email: string }>(r)).data?.email === customers.find((c) => cookieOf(c) === t.cookie)?.email ? null : 'wrong user'),
    },
    { label: 'Portrait (`GET /v1/image/get/{orderId}/{n}`)', pick: (i) => portrait(i, 'full'), check: isJpeg },
    { label: 'Thumbnail (`GET /v1/image/get/{orderId}/{n}?size=thumb`)', pick: (i) => portrait(i, 'thumb'), check: isJpeg },
    { label: 'Portrait, signed link (`…/{n}?t=…`)', pick: (i) => portrait(i, 'full', { linked: true }), check: isJpeg },
    { label: 'Thumbnail, signed link (`…/{n}?size=thumb&t=…`)', pick: (i) => portrait(i, 'thumb', { linked: true }), check: isJpeg },
    {
      label: 'Landing page (`GET /`)',
      pick: () => ({ method: 'GET', path: '/' }),
      check: async (r) => (/<h1[^>]*id="hero-title"/.test(await r.text()) ? null : 'not the landing page'),
    },
  ];
}

/** Headers every request carries, as a browser on the site sends them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en-US,en;q=0.9', 'user-agent': 'load-bench' };
const headersOf = (target: Target): Record<string, string> => ({
  ...BROWSER_HEADERS,
  ...(target.cookie ? { cookie: target.cookie } : {}),
  ...(target.method === 'POST' ? { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } : {}),
});

async function preflight(server: ServerProcess, endpoint: Endpoint): Promise<void> {
  const target = endpoint.pick(0);
  const response = await fetch(server.url + target.path, { method: target.method, headers: headersOf(target), body: target.body });
  const problem = response.status === 200 ? await endpoint.check(response, target) : `HTTP ${response.status}: ${await response.text()}`;
  if (problem) throw new Error(`${endpoint.label} on ${server.url}: ${problem}`);
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  mbPerSecond: number;
  responses: number;
  errors: number;
  non2xx: number;
  /** CPU time the server process(es) spent per response, in ms. */
  serverCpu: number;
  /** CPU time PostgreSQL's backends for the app's connections spent per response, in ms. */
  databaseCpu: number;
  /** CPU time the load generator (this process) spent per response, in ms. */
  clientCpu: number;
}

/** User + system CPU time of a process so far, in ms (Linux, 100 clock ticks a second). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) * 10 : Number.NaN;
}

async function cpuOf(pids: number[]): Promise<Map<number, number>> {
  return new Map(await Promise.all(pids.map(async (pid) => [pid, await cpuMs(pid)] as [number, number])));
}

/** CPU spent between two snapshots; processes that started in between count from zero. */
const cpuSpent = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** For PGlite: the database runs inside the server process, whose CPU is counted already. */
const noDatabasePids = async () => [] as number[];

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/**
 * Runs one autocannon instance per server at the same time, the connections split evenly, all drawing
 * from one request sequence. Requests per second add up; percentiles come from every response's time.
 */
async function hammer(servers: ServerProcess[], pick: (i: number) => Target, seconds: number, databasePids: () => Promise<number[]>): Promise<Measured> {
  let next = 0;
  const times: number[] = [];
  const serverPids = servers.map(pidOf);
  const [serverBefore, databaseBefore] = [await cpuOf(serverPids), await cpuOf(await databasePids())];
  const clientBefore = process.cpuUsage();
  const results = await Promise.all(
    servers.map(
      (server) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            {
              url: server.url,
              connections: CONNECTIONS / servers.length,
              duration: seconds,
              timeout: 10,
              requests: [
                {
                  setupRequest: (request) => {
                    const target = pick(next++);
                    return { ...request, method: target.method, path: target.path, body: target.body ?? '', headers: headersOf(target) };
                  },
                },
              ],
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
          instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
        }),
    ),
  );
  const client = process.cpuUsage(clientBefore);
  const [serverAfter, databaseAfter] = [await cpuOf(serverPids), await cpuOf(await databasePids())];
  const sorted = Float64Array.from(times).sort();
  const responses = results.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.total / r.duration, 0),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mbPerSecond: results.reduce((sum, r) => sum + r.throughput.total / r.duration, 0) / MB,
    responses,
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpu: cpuSpent(serverBefore, serverAfter) / responses,
    databaseCpu: databasePids === noDatabasePids ? Number.NaN : cpuSpent(databaseBefore, databaseAfter) / responses,
    clientCpu: (client.user + client.system) / 1000 / responses,
  };
}

/** Resident memory of a process (Linux), in bytes: now (VmRSS) or the most it ever held (VmHWM). */
async function resident(pid: number | undefined, which: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = new RegExp(`${which}:\\s+(\\d+) kB`).exec(status)?.[1];
  return kb ? Number(kb) * 1024 : Number.NaN;
}

/** A setup that was measured, or one that was skipped (no PostgreSQL) and says why. */
type Setup =
  | {
      title: string;
      note: string;
      rows: { label: string; m: Measured }[];
      /** Per server process: resident memory after the warm-up, at the end, and the peak. */
      memory: { warm: number; end: number; peak: number }[];
      /** The machine's 1-minute load average before and after: above the CPU count, other work competed. */
      load: [number, number];
      skipped?: undefined;
    }
  | { title: string; note: string; skipped: string };

async function measureSetup(
  title: string,
  note: string,
  envs: Record<string, string>[],
  plan: LoadPlan,
  databasePids: () => Promise<number[]> = noDatabasePids,
): Promise<Setup> {
  console.log(`  ${title}: starting ${envs.length} server process(es)...`);
  const servers: ServerProcess[] = [];
  try {
    for (const env of envs) servers.push(await startServer(env, { timeoutMs: 120_000 }));
    const calls = endpoints(plan);
    for (const server of servers) for (const endpoint of calls) await preflight(server, endpoint);
    // A short mixed warm-up: JIT, connection pools and caches, as a server that has been up a while.
    await hammer(servers, (i) => calls[i % calls.length].pick(Math.floor(i / calls.length)), WARMUP_SECONDS, databasePids);
    const [loadBefore] = os.loadavg();
    const warm = await Promise.all(servers.map((s) => resident(s.process.pid, 'VmRSS')));
    const rows: { label: string; m: Measured }[] = [];
    for (const endpoint of calls) {
      const m = await hammer(servers, endpoint.pick, SECONDS, databasePids);
      console.log(
        `    ${endpoint.label}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ` +
          `CPU ${m.serverCpu.toFixed(2)} + ${m.databaseCpu.toFixed(2)} ms/req (client ${m.clientCpu.toFixed(2)}), errors ${m.errors}, non-2xx ${m.non2xx}`,
      );
      if (m.errors + m.non2xx > 0) console.warn(servers.map((s) => s.output().slice(-4000)).join('\n'));
      rows.push({ label: endpoint.label, m });
    }
    const memory = await Promise.all(
      servers.map(async (s, i) => ({ warm: warm[i], end: await resident(s.process.pid, 'VmRSS'), peak: await resident(s.process.pid, 'VmHWM') })),
    );
    const [loadAfter] = os.loadavg();
    return { title, note, rows, memory, load: [loadBefore, loadAfter] };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

interface Postgres {
  url: string;
  version: string;
  /** Process ids of the backends serving connections to this database. */
  backendPids: () => Promise<number[]>;
  drop: () => Promise<void>;
}

/** A fresh, uniquely named database on the local PostgreSQL, or why there is none. */
async function createDatabase(): Promise<Postgres | { skipped: string }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `no PostgreSQL answered on ${new URL(ADMIN_URL).host} (${(error as Error).message})` };
  }
  const database = `portrait_load_${Date.now()}_${process.pid}`;
  const [version] = ((await admin.query('SHOW server_version')).rows[0] as { server_version: string }).server_version.split(' ');
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    version,
    backendPids: async () => (await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])).rows.map((r: { pid: number }) => r.pid),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Opens the database the way the server does (its migrations make the schema), seeds it, closes it. */
async function seedInto(env: Record<string, string>, plan: LoadPlan, images: LoadImages): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const database = await openDatabase(loadConfig(env).database);
  try {
    await seedDatabase(database, plan, images);
    const result = await database.executor.executeSql('SELECT pg_database_size(current_database())::bigint AS bytes');
    const answer = Array.isArray(result) ? result.at(0) : result;
    const row = answer?.rows.at(0) as { bytes: string } | undefined;
    if (!row) throw new Error('pg_database_size returned no row');
    const bytes = Number(row.bytes);
    return { seconds: (performance.now() - started) / 1000, bytes };
  } finally {
    await database.close();
  }
}

async function directoryBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(path.join(e.parentPath, e.name)).then((s) => s.size)));
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * Where the file tree goes. Nearly a million hard links take minutes to create and to remove on a
 * journaled disk file system, so they go to memory (tmpfs) when the machine has one, linked in as
 * `$DATA_DIR/files`; the server reads them through its disk store all the same, and the few MB of
 * distinct image bytes would sit in the page cache either way.
 */
async function fileTreeRoot(dataDir: string): Promise<{ root: string; inMemory: boolean }> {
  if (existsSync('/dev/shm')) {
    const root = await mkdtemp('/dev/shm/load-bench-files-').catch(() => null);
    if (root) {
      await mkdir(path.join(root, 'files'));
      await symlink(path.join(root, 'files'), path.join(dataDir, 'files'));
      return { root, inMemory: true };
    }
  }
  return { root: dataDir, inMemory: false };
}

export async function run(): Promise<string> {
  const started = performance.now();
  const [loadAtStart] = os.loadavg();
  const site = await ensureSite();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'load-bench-'));
  const tree = await fileTreeRoot(dataDir);
  const setups: Setup[] = [];
  const volume: string[] = [];
  let postgres: Postgres | { skipped: string } | undefined;
  try {
    console.log('  making portraits and planning the data set...');
    const images = await makeImages();
    const plan = planLoadData({ customers: CUSTOMERS, ordersEach: ORDERS_EACH });
    postgres = await createDatabase();
    const pgEnv = 'url' in postgres ? { DATA_DIR: dataDir, DATABASE_URL: postgres.url } : undefined;
    console.log(`  seeding PGlite${pgEnv ? ' and PostgreSQL' : ''} and writing the file store...`);
    const [files, pglite, seededPg] = await Promise.all([
      timed(() => writeFiles(path.join(tree.root, 'files'), path.join(tree.root, 'image-sources'), plan, images)),
      seedInto({ DATA_DIR: dataDir }, plan, images),
      pgEnv ? seedInto(pgEnv, plan, images) : undefined,
    ]);
    const pgliteBytes = await directoryBytes(path.join(dataDir, 'db'));
    volume.push(
      describeVolume(plan, images, files.value),
      `Seeding took ${pglite.seconds.toFixed(0)} s for PGlite (${(pgliteBytes / MB).toFixed(0)} MB on disk)` +
        (seededPg && 'url' in postgres
          ? `, ${seededPg.seconds.toFixed(0)} s for PostgreSQL ${postgres.version} (${(seededPg.bytes / MB).toFixed(0)} MB)`
          : '') +
        `, ${files.seconds.toFixed(0)} s for the files (${tree.inMemory ? 'in tmpfs' : 'on disk'}), all at once.`,
    );

    const env = { DATA_DIR: dataDir, DIST_DIR: site.distDir, ROLE: 'web', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000' };
    setups.push(await measureSetup('PGlite, one process', 'The embedded default: `npm start` with no `DATABASE_URL`.', [env], plan));
    if ('skipped' in postgres) {
      for (const title of ['PostgreSQL, one process', 'PostgreSQL, two processes']) setups.push({ title, note: '', skipped: `Skipped: ${postgres.skipped}.` });
    } else {
      const both = { ...env, DATABASE_URL: postgres.url };
      setups.push(
        await measureSetup('PostgreSQL, one process', 'The same data in a fresh PostgreSQL database on this machine.', [both], plan, postgres.backendPids),
      );
      setups.push(
        await measureSetup(
          'PostgreSQL, two processes',
          'Two server processes on that one database and one file store (the scale-out path). Each gets half the connections ' +
            '(two autocannon instances at once, one per port, drawing from one request sequence); requests per second are the ' +
            'sum of both, and p50/p99/max are over every response of both together (merged, not the worse of the two).',
          [both, both],
          plan,
          postgres.backendPids,
        ),
      );
    }
  } finally {
    if (postgres && 'drop' in postgres) await postgres.drop();
    await rm(dataDir, { recursive: true, force: true });
    if (tree.inMemory) await rm(tree.root, { recursive: true, force: true });
  }
  const postgresVersion = postgres && 'version' in postgres ? postgres.version : '';
  const [loadAtEnd] = os.loadavg();
  return report(setups, volume, postgresVersion, { seconds: (performance.now() - started) / 1000, built: site.built, load: [loadAtStart, loadAtEnd] });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

function describeVolume(plan: LoadPlan, images: LoadImages, files: number): string {
  const kb = (buffers: Buffer[]) =>
    `${Math.round(Math.min(...buffers.map((b) => b.length)) / 1024)}-${Math.round(Math.max(...buffers.map((b) => b.length)) / 1024)} KB`;
  const { standard, large } = images;
  const n = (value: number) => value.toLocaleString('en-US');
  const packages = Object.entries(plan.byPackage)
    .map(([id, count]) => `${id} ${n(count)}`)
    .join(', ');
  return (
    `${n(plan.customers.length)} customers, each signed in (one session each); ${n(plan.orders.length)} orders ` +
    `(${n(plan.byStatus.completed)} completed, ${n(plan.byStatus.processing)} processing, ${n(plan.byStatus.failed)} failed; ${packages}) ` +
    `placed over the last four weeks; ${n(plan.portraits)} portrait rows (every portrait of the completed orders and those the processing ones have so far); ` +
    `${n(plan.favorites)} favorites. The file store holds ${n(files)} files, a portrait and a thumbnail per row: hard links to ` +
    `${standard.full.length} distinct ${standard.width}x${standard.height} JPEGs (${kb(standard.full)}) and ${large.full.length} distinct ` +
    `${large.width}x${large.height} ones for Executive orders (${kb(large.full)}), made with sharp from real photos, with thumbnails ` +
    `made as the generator makes them (${kb([...standard.thumbs, ...large.thumbs])}).`
  );
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`);

function table(setup: Setup): string[] {
  if (setup.skipped !== undefined) return [`### ${setup.title}`, '', setup.skipped];
  const withDatabase = setup.rows.some(({ m }) => !Number.isNaN(m.databaseCpu));
  const rows = setup.rows.map(({ label, m }) => {
    const faults = `${m.errors} / ${m.non2xx}`;
    const cpu = withDatabase ? `${ms(m.serverCpu)} + ${ms(m.databaseCpu)}` : ms(m.serverCpu);
    // The load generator needed more CPU than the server: on a machine this size it set the pace.
    const clientBound = m.clientCpu > m.serverCpu + (Number.isNaN(m.databaseCpu) ? 0 : m.databaseCpu);
    return (
      `| ${label} | ${Math.round(m.rps).toLocaleString('en-US')}${clientBound ? ' *' : ''} | ${ms(m.p50)} | ${ms(m.p99)} | ${ms(m.max)} | ` +
      `${m.mbPerSecond.toFixed(1)} MB/s | ${cpu} | ${ms(m.clientCpu)} | ${m.responses.toLocaleString('en-US')} | ${m.errors + m.non2xx > 0 ? `**${faults}**` : faults} |`
    );
  });
  const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
  const memory = setup.memory.map((m) => `${mb(m.warm)} after the warm-up, ${mb(m.end)} at the end, ${mb(m.peak)} at most`).join('; ');
  return [
    `### ${setup.title}`,
    '',
    setup.note,
    '',
    `| Call | Requests/s | p50 | p99 | Max | Transfer | CPU per request, ${withDatabase ? 'server + PostgreSQL' : 'server'} | CPU per request, load generator | Responses | Errors / non-2xx |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Resident memory of the server process${setup.memory.length > 1 ? 'es' : ''}: ${memory}. ` +
      `Load average (1 min) while measuring: ${setup.load[0].toFixed(1)} before, ${setup.load[1].toFixed(1)} after.`,
  ];
}

function report(setups: Setup[], volume: string[], postgresVersion: string, run: { seconds: number; built: boolean; load: [number, number] }): string {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cpus = os.cpus();
  return [
    '## Load (`npm run bench load`)',
    '',
    `_Last run ${stamp} UTC; Node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown'}), ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM` +
      `${postgresVersion ? `, PostgreSQL ${postgresVersion} on the same machine` : ''}; autocannon 9, ${CONNECTIONS} connections, ${SECONDS} s per call. ` +
      `The whole run took ${Math.round(run.seconds)} s${run.built ? ' (including a site build)' : ''}; the 1-minute load average was ` +
      `${run.load[0].toFixed(1)} when it started and ${run.load[1].toFixed(1)} when it ended._`,
    '',
    `Seeded data: ${volume.join(' ')}`,
    '',
    ...setups.flatMap((setup) => [...table(setup), '']),
    'Method: the data set is planned once in memory and written into each database the way the server opens it (its own ' +
      'migrations make the schema): users, sessions, orders and favorites through drizzle in batches, portrait rows with one ' +
      'set-based `INSERT ... SELECT`. Sessions are made as `createSession` makes them (a random token, only its SHA-256 stored), ' +
      'so the benchmark holds the cookies. Each server is the real one, `src/server/main.ts` started as its own process ' +
      '(tests/support/server-process.ts) on 127.0.0.1 with the built site, the disk file store, `ROLE=web` (the seeded processing ' +
      'orders have no selfies and no generator behind them; a worker would start generating them and the benchmark would measure ' +
      'that instead), `LOG_LEVEL=warn` (no per-request log lines) and the per-client rate limit raised out of the way (all load ' +
      `comes from one address). After a check that every call answers correctly and a ${WARMUP_SECONDS} s mixed warm-up, each call ` +
      `gets ${SECONDS} s of autocannon with ${CONNECTIONS} keep-alive connections; every request takes the next customer's cookie ` +
      `(all ${CUSTOMERS.toLocaleString('en-US')} in turn), and order info and portraits walk through each customer's orders and ` +
      'portrait numbers, so no answer comes from one hot row. Requests carry the headers a browser sends (`accept-encoding: gzip, ' +
      'deflate, br`, so JSON and HTML are compressed as a browser gets them; JPEGs are sent as they are). Latencies are measured by ' +
      'the load generator from request to last byte. CPU per request is the user and system time the server processes (and, on ' +
      "PostgreSQL, the backends of the app's connections) spent during the call's run, divided by its responses; the load " +
      "generator's own is measured the same way. Unlike requests per second, it hardly depends on what else the machine is doing. " +
      "The load generator, the servers and PostgreSQL share the machine's CPUs, so requests per second are a floor for a machine " +
      'where they do not, and they drop whenever other work competes (see the load averages). A * marks a call where the load ' +
      'generator needed more CPU per request than the server: there it, not the server, set the pace (autocannon parses ' +
      'responses in JavaScript, which costs more than serving a portrait). A second server process can only add capacity when ' +
      'the machine has CPUs to spare for it.',
  ].join('\n');
}
