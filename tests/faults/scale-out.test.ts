import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestDatabase } from '../integration/helpers/database';
import { orderInfo, placePaidOrderOverHttp, postJson, signInOverHttp, waitFor, type Customer } from '../support/customer';
import { mailSubjects, readyMailsFor, secondsSince } from '../support/faults';
import { findPostgresBin, startPrivatePostgres } from '../support/private-postgres';
import { startS3Server } from '../support/s3-server';
import { startServer, type ServerProcess } from '../support/server-process';

// PostgreSQL is required (several processes share one database). DATABASE_URL when set (CI sets it when
// a server answers); otherwise a private server when PostgreSQL's binaries are installed; otherwise the
// test is skipped and says why in its name.
const bin = findPostgresBin();
const runnable = Boolean(process.env.DATABASE_URL || bin);
const title = 'two web and two worker processes on one PostgreSQL and one S3 bucket complete every order once';
const name = runnable ? title : `${title} (SKIPPED: needs PostgreSQL: set DATABASE_URL or install the PostgreSQL server)`;
if (!runnable) console.warn(`[faults] scale-out: ${name}`);

/** How many entries a zip holds (yauzl checks sizes and CRCs as it reads). */
function zipEntryNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(names));
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.readEntry();
    });
  });
}

/** The orders a process finished generating, from its JSON log lines. */
function finishedBy(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"generation finished"'))
    .map((line) => (JSON.parse(line) as { orderId: string }).orderId);
}

describe('[faults] scale-out', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => {});
  });

  (runnable ? it : it.skip)(
    name,
    async () => {
      let databaseUrl: string;
      if (process.env.DATABASE_URL) {
        const db = await createTestDatabase();
        cleanup.push(db.drop);
        databaseUrl = db.url;
      } else {
        const pg = await startPrivatePostgres(bin!);
        cleanup.push(pg.destroy);
        databaseUrl = pg.url;
      }
      const s3 = await startS3Server();
      cleanup.push(s3.destroy);
      // One mail folder for all four, standing in for the SMTP server they would share.
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portrait-scale-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...s3.env };

      // All four start at once: migrations are applied once, under the advisory lock.
      const startedAt = Date.now();
      const [webA, webB, worker1, worker2] = await Promise.all([
        startServer({ ...env, ROLE: 'web' }),
        startServer({ ...env, ROLE: 'web' }),
        startServer({ ...env, ROLE: 'worker' }),
        startServer({ ...env, ROLE: 'worker' }),
      ]);
      const processes = [webA!, webB!, worker1!, worker2!];
      for (const p of processes) cleanup.push(() => p.stop());
      const startSeconds = secondsSince(startedAt);
      const outbox = path.join(dataDir, 'outbox');

      // Four customers, two through each web process, each ordering once.
      const plans = [
        { web: webA!, email: 'scale-a1@example.com', pkg: 'beta', portraits: 20 },
        { web: webB!, email: 'scale-b1@example.com', pkg: 'beta', portraits: 20 },
        { web: webA!, email: 'scale-a2@example.com', pkg: 'beta', portraits: 20 },
        { web: webB!, email: 'scale-b2@example.com', pkg: 'beta', portraits: 20 },
      ];
      const orders: { customer: Customer; orderId: string; portraits: number; web: ServerProcess; other: ServerProcess }[] = [];
      for (const plan of plans) {
        const customer = await signInOverHttp(plan.web.url, outbox, plan.email);
        const orderId = await placePaidOrderOverHttp(plan.web.url, customer, plan.pkg);
        orders.push({ customer, orderId, portraits: plan.portraits, web: plan.web, other: plan.web === webA ? webB! : webA! });
      }
      const paidAt = Date.now();

      // Sessions live in the database: each customer follows the order through the other web process.
      await Promise.all(
        orders.map(({ customer, orderId, other }) =>
          waitFor(async () => (await orderInfo(other.url, customer, orderId)).status === 'completed', 180_000, `order ${orderId}`),
        ),
      );
      const generateSeconds = secondsSince(paidAt);

      // Generated by the workers only, each order finished once (the log line follows the selfie clean-up and the mail).
      await waitFor(async () => finishedBy(worker1!).length + finishedBy(worker2!).length >= orders.length, 30_000, 'the workers to log every order');
      const byWorker = [finishedBy(worker1!), finishedBy(worker2!)];
      expect(finishedBy(webA!)).toEqual([]);
      expect(finishedBy(webB!)).toEqual([]);
      expect([...byWorker[0]!, ...byWorker[1]!].sort()).toEqual(orders.map((o) => o.orderId).sort());

      const s3client = new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const keysUnder = async (prefix: string) =>
        ((await s3client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
      const subjects = await mailSubjects(outbox);

      for (const { customer, orderId, portraits, web, other } of orders) {
        const info = await orderInfo(web.url, customer, orderId);
        expect([info.status, info.imageGenerated, info.progress]).toEqual(['completed', portraits, 100]);
        // Each portrait and thumbnail was written exactly once (the store saw one PUT per key).
        for (const kind of ['portraits', 'thumbs']) {
          const puts = s3.puts.filter((key) => key.startsWith(`studio/orders/${orderId}/${kind}/`));
          expect(puts).toHaveLength(portraits);
          expect(new Set(puts).size).toBe(portraits);
          expect(await keysUnder(`studio/orders/${orderId}/${kind}/`)).toHaveLength(portraits);
        }
        // The selfies are gone from the bucket once generation consumed them.
        expect(s3.puts.filter((key) => key.startsWith(`studio/orders/${orderId}/selfies/`))).toHaveLength(6);
        expect(await keysUnder(`studio/orders/${orderId}/selfies/`)).toEqual([]);
        // Downloads work through either web process, with the same bytes.
        const [viaOwn, viaOther] = await Promise.all(
          [web, other].map(async (p) => {
            const res = await fetch(`${p.url}/v1/image/get/${orderId}/${portraits}`, { headers: { cookie: customer.cookie } });
            expect(res.status).toBe(200);
            return Buffer.from(await res.arrayBuffer());
          }),
        );
        expect(viaOther!.equals(viaOwn!)).toBe(true);
        const zip = await fetch(`${other.url}/v1/order/groupDownload/${orderId}`, { headers: { cookie: customer.cookie } });
        expect(zip.status).toBe(200);
        expect(await zipEntryNames(Buffer.from(await zip.arrayBuffer()))).toHaveLength(portraits);
        // One payment and one "ready" mail per order.
        const receipts = await postJson(other.url, customer, '/v1/stripe/receipts', {});
        expect(receipts.envelope.data.map((r: { orderId: string }) => r.orderId)).toEqual([orderId]);
        expect(readyMailsFor(subjects, orderId)).toBe(1);
      }
      s3client.destroy();

      // Every process is still healthy; the web processes report the workers' heartbeat.
      for (const p of processes) expect((await fetch(`${p.url}/v1/health`)).status).toBe(200);
      console.info(
        [
          'scale-out figures:',
          `four processes started together in ${startSeconds} s`,
          `${orders.reduce((n, o) => n + o.portraits, 0)} portraits for ${orders.length} orders generated in ${generateSeconds} s after the last payment`,
          `orders finished per worker: ${byWorker.map((list) => list.length).join(' and ')}`,
        ].join('\n'),
      );
      // A bound on a hang, not a speed check: four processes, four orders with their selfie checks and 80
      // portraits (each with its thumbnail and preview) take 3 to 4 minutes on a busy 2-core machine.
    },
    420_000,
  );
});
