import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@/server/db/schema';
import { purgeExpiredJob } from '@/server/jobs/definitions';
import { purgeExpired } from '@/server/services/retention/purge-expired';
import { startS3Server, type S3Server } from '../support/s3-server';
import { buildTestApp, runJobs, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';

const DAY = 24 * 3600_000;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A proxy in front of the S3 stand-in that, while `failing` is above zero, answers DeleteObjects as S3
 * does when it could not delete: HTTP 200 with every key under `Errors`, deleting nothing.
 */
async function startFlakyDeletes(target: S3Server) {
  const deletes: { headers: IncomingMessage['headers']; body: Buffer; keys: string[]; failed: boolean }[] = [];
  const state = { failing: 0 };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url!, 'http://s3.local');
    if (req.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
      const failed = state.failing > 0;
      deletes.push({ headers: req.headers, body, keys, failed });
      if (failed) {
        state.failing--;
        const errors = keys
          .map((k) => `<Error><Key>${k}</Key><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>`)
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${errors}</DeleteResult>`);
        return;
      }
    }
    const upstream = new URL(target.endpoint);
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    forward.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deletes,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('[storage] S3-compatible object storage', () => {
  const clock = manualClock();
  let s3: S3Server;
  let proxy: Awaited<ReturnType<typeof startFlakyDeletes>>;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await startFlakyDeletes(s3);
    t = await buildTestApp({ ...s3.env, S3_ENDPOINT: proxy.endpoint }, { clock });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await s3.destroy();
  });

  const seedOrder = async (email: string) => seedCompletedOrder(t, (await signInAs(t, email)).user.id, { portraitsCount: 3 });

  it('sends DeleteObjects with the Content-MD5 that S3-compatible stores require', async () => {
    const order = await seedOrder('md5@example.com');
    await t.app.ctx.files.deletePrefix(`orders/${order.id}`);
    const call = proxy.deletes.at(-1)!;
    expect(call.keys).toHaveLength(7);
    expect(call.headers['content-md5']).toBe(createHash('md5').update(call.body).digest('base64'));
    expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBe(0);
  });

  it('retries the keys a DeleteObjects answer lists under Errors, until they are gone', async () => {
    const order = await seedOrder('partial@example.com');
    const before = proxy.deletes.length;
    proxy.state.failing = 1;
    await t.app.ctx.files.deletePrefix(`orders/${order.id}`);
    const [refused, ...retries] = proxy.deletes.slice(before);
    expect(refused!.failed).toBe(true);
    expect(refused!.keys).toHaveLength(7);
    // The same keys again (the SDK may itself repeat a call the store answered 5xx).
    expect(retries.length).toBeGreaterThan(0);
    for (const retry of retries) expect({ failed: retry.failed, keys: retry.keys.sort() }).toEqual({ failed: false, keys: refused!.keys.sort() });
    expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBe(0);
  });

  it('fails the purge while the store keeps the files, marks nothing purged, and its retried job removes them', async () => {
    const order = await seedOrder('purge@example.com');
    clock.advance(31 * DAY);
    proxy.state.failing = 3;
    await expect(purgeExpired(t.app.ctx)).rejects.toThrow(/kept 7 of 7 objects after 3 delete attempts \(InternalError/);
    expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBe(7);
    const [kept] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.purgedAt).toBeNull();

    // The daily job: its first run fails on the store, pg-boss retries it, and the retry removes everything.
    proxy.state.failing = 3;
    await t.app.ctx.queue.send(purgeExpiredJob, {});
    expect(await runJobs(t, purgeExpiredJob)).toBe(2);
    const jobs = await t.app.ctx.database.db.execute(sql`select state, retry_count from pgboss.job where name = ${purgeExpiredJob.name}`);
    expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBe(0);
    const [purged] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(purged!.purgedAt).not.toBeNull();
  });
});
