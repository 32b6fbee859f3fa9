import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { type OrderSearch, searchOrders } from '../src/server/services/operator/search-orders.js';

/**
 * The console's order search at 100,000 orders on PostgreSQL: each filter's first page (25 rows) and a
 * page deep in the list (keyset), timed over many runs, with the plan PostgreSQL chose. The data are
 * 100,000 orders of 25,000 customers over two years, in a realistic mix of states.
 */
export const name = 'operator-search';

const ORDERS = 100_000;
const CUSTOMERS = 25_000;
const RUNS = 60;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function run(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return `Skipped: no PostgreSQL answered on ${new URL(ADMIN_URL).host} (${(error as Error).message}).`;
  }
  const databaseName = `portrait_search_${Date.now()}_${process.pid}`;
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  const database = await openDatabase(loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: os.tmpdir() }).database);
  try {
    const { db } = database;
    console.log(`  seeding ${CUSTOMERS} customers and ${ORDERS} orders...`);
    const seedStarted = performance.now();
    await db.execute(sql`
      insert into users (email, nick_name, created_at)
      select 'customer' || g || '@example.com', 'customer' || g, now() - (g % 700) * interval '1 day'
      from generate_series(1, ${CUSTOMERS}) g`);
    await db.execute(sql`
      insert into orders (user_id, status, category_id, package_id, image_total, image_generated, price_cents, amount_cents, created_at, paid_at, completed_at, failed_at)
      select u.id,
        (array['completed','completed','completed','completed','completed','completed','processing','failed','refunded','pending'])[1 + g % 10],
        'doctor', 'basic', 40, 40, 3500, 3500,
        now() - (g::float / ${ORDERS}) * interval '730 days',
        now() - (g::float / ${ORDERS}) * interval '730 days',
        case when g % 10 < 6 then now() - (g::float / ${ORDERS}) * interval '730 days' + interval '2 hours' end,
        case when g % 10 = 7 then now() - (g::float / ${ORDERS}) * interval '730 days' + interval '1 hour' end
      from generate_series(1, ${ORDERS}) g
      join users u on u.email = 'customer' || (1 + g % ${CUSTOMERS}) || '@example.com'`);
    await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const sample = (
      (await db.execute(sql`select id::text as id from orders order by created_at desc offset 777 limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;
    const deep = await searchOrders(db, { limit: 25 });
    let cursor = deep.nextCursor ?? undefined;
    for (let i = 0; i < 200 && cursor; i++) cursor = (await searchOrders(db, { limit: 25, cursor })).nextCursor ?? undefined;

    const cases: [string, OrderSearch][] = [
      ['newest first, no filter', {}],
      ['page 201 (keyset cursor)', { cursor }],
      ['full order id', { query: sample }],
      ['first 8 characters of an id', { query: sample.slice(0, 8) }],
      ['customer email', { query: 'customer4242@example.com' }],
      ['start of an email (customer42…)', { query: 'customer42' }],
      ['status failed', { status: 'failed' }],
      ['status refunded, one month', { status: 'refunded', from: dayAgo(400), to: dayAgo(370) }],
      ['date range, one week', { from: dayAgo(200), to: dayAgo(193) }],
      ['a query that matches nothing', { query: 'nobody@example.com' }],
    ];
    const rows: string[] = [];
    for (const [label, search] of cases) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        found = (await searchOrders(db, { limit: 25, ...search })).orders.length;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push(`| ${label} | ${found} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${times.at(-1)!.toFixed(1)} ms |`);
    }
    const [version] = ((await admin.query('SHOW server_version')).rows[0] as { server_version: string }).server_version.split(' ');
    return [
      `The console's order search (\`searchOrders\`, the service behind \`POST /v1/operator/orders/search\`) on PostgreSQL ${version}, ${ORDERS.toLocaleString('en-US')} orders of ${CUSTOMERS.toLocaleString('en-US')} customers over two years (seeded in ${seedSeconds.toFixed(0)} s), first page of 25 rows unless said, ${RUNS} runs each, timed in the calling process (query building, the round trips and row mapping included). Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}. Goal: under 50 ms.`,
      '',
      '| Search | Rows | Median | p95 | Slowest |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      'Every filter is served by an index: `orders_created_id` (newest first and the keyset cursor), `orders_status_created_id` (status, with or without dates), `orders_id_prefix` (the id as text, `text_pattern_ops`, for the first characters), `users_email_prefix` (the start of an email) then `orders_user_created`.',
    ].join('\n');
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  }
}

function dayAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 3600_000).toISOString().slice(0, 10);
}
