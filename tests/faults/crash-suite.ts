import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteInterruptedCheckouts } from '@/server/services/retention/delete-interrupted-checkouts';
import { buildTestApp } from '../integration/helpers/app';
import { manualClock } from '../integration/helpers/clock';
import { createTestDatabase } from '../integration/helpers/database';
import { createCheckout, orderInfo, placePaidOrderOverHttp, postJson, signInOverHttp, waitFor, type Customer } from '../support/customer';
import { checkoutBody, filesUnder, largePhoto, mailSubjects, readyMailsFor, secondsSince, tryPost, uploadSlowly } from '../support/faults';
import { priceOf } from '../support/prices';
import { startS3Server } from '../support/s3-server';
import { startServer, type ServerProcess } from '../support/server-process';

/**
 * The crash tests of one database engine: crash.test.ts runs them on PGlite, crash.postgres.test.ts on
 * PostgreSQL (when DATABASE_URL is set), two files so the fault suite runs the engines side by side.
 * Bounds on a hang, not speed checks: three customers' orders made again after a kill -9 and a restart,
 * while the browser suite runs beside this file, took more than 4 minutes on a busy 2-core machine.
 */
export function crashSuite({ name, postgres }: { name: string; postgres: boolean }): void {
  /** Figures for docs/reliability.md, printed at the end of the file. */
  const figures: string[] = [];
  describe(`[faults] kill -9 during uploads and fulfilment on ${name}`, { timeout: 480_000 }, () => {
    const cleanup: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const fn of cleanup.reverse()) await fn().catch(() => {});
      if (figures.length > 0) console.info(`crash figures:\n${figures.splice(0).join('\n')}`);
    });

    /** A server on a fresh database; `restart()` kills nothing itself, it starts again on the same data. */
    async function boot(extra: Record<string, string> = {}) {
      const db = postgres ? await createTestDatabase() : undefined;
      if (db) cleanup.push(db.drop);
      // The restarted process takes a killed one's orders over 2 s after its last heartbeat.
      const env: Record<string, string> = { GENERATOR_PACE_MS: '0', GENERATION_LEASE_MS: '2000', ...(db ? { DATABASE_URL: db.url } : {}), ...extra };
      const first = await startServer(env);
      const handle = {
        server: first,
        databaseUrl: db?.url,
        outbox: path.join(first.dataDir, 'outbox'),
        files: path.join(first.dataDir, 'files'),
        async restart() {
          const started = Date.now();
          handle.server = await startServer({ ...env, DATA_DIR: first.dataDir, PORT: String(first.port) });
          return secondsSince(started);
        },
      };
      cleanup.push(() => rm(first.dataDir, { recursive: true, force: true }));
      cleanup.push(() => handle.server.kill());
      return handle;
    }

    async function orderList(server: ServerProcess, customer: Customer) {
      const { status, envelope } = await postJson(server.url, customer, '/v1/order/list', {});
      expect(status).toBe(200);
      return envelope.data as { id: string; status: string }[];
    }

    it('an upload cut off mid-body by kill -9 leaves no order and no file, and the customer orders again after the restart', async () => {
      const studio = await boot();
      const ada = await signInOverHttp(studio.server.url, studio.outbox, 'upload-cut@example.com');
      const big = await largePhoto();
      const form = await checkoutBody('beta', { photos: Array.from({ length: 10 }, () => big) });

      // Kill when about 40% of a ~40 MB body has reached the server.
      let killedAt = 0;
      const outcome = await uploadSlowly(studio.server.url, ada, form, {
        chunkBytes: 512 * 1024,
        pauseMs: 15,
        onProgress: (sent) => {
          if (!killedAt && sent >= form.payload.length * 0.4) {
            killedAt = sent;
            studio.server.process.kill('SIGKILL');
          }
        },
      });
      await studio.server.kill();
      expect(outcome).toHaveProperty('error');
      expect(killedAt).toBeLessThan(form.payload.length);

      const restartSeconds = await studio.restart();
      figures.push(
        `${name}: upload cut at ${Math.round(killedAt / 1e6)} of ${Math.round(form.payload.length / 1e6)} MB; restart to healthy ${restartSeconds} s`,
      );
      expect(await orderList(studio.server, ada)).toEqual([]);
      expect(await filesUnder(studio.files)).toEqual([]);

      // The session survived the crash; the same customer can place (and pay) the beta order at once.
      const orderId = await placePaidOrderOverHttp(studio.server.url, ada, 'beta');
      expect((await orderList(studio.server, ada)).map((o) => [o.id, o.status])).toEqual([[orderId, 'processing']]);
    });

    it('an upload killed while its selfies are being stored leaves no visible half order, does not hold the beta seat, and is swept', async () => {
      // On the object store each selfie is a request of its own, so the kill lands reliably between two of them.
      const s3 = await startS3Server();
      cleanup.push(() => s3.destroy());
      const studio = await boot(s3.env);
      const ada = await signInOverHttp(studio.server.url, studio.outbox, 'upload-store@example.com');
      const form = await checkoutBody('beta', { n: 10 });

      // The whole body arrives; the kill lands as soon as the first selfie of the new order is stored.
      let halfOrderId: string | undefined;
      s3.onPut((key) => {
        if (halfOrderId || !key.includes('/selfies/')) return;
        halfOrderId = /orders\/([^/]+)\//.exec(key)?.[1];
        studio.server.process.kill('SIGKILL');
      });
      const outcome = await uploadSlowly(studio.server.url, ada, form, { chunkBytes: form.payload.length, pauseMs: 0 });
      await studio.server.kill();
      s3.onPut(undefined);
      expect(outcome, 'the kill must land before the answer').toHaveProperty('error');
      expect(halfOrderId).toMatch(/^[0-9a-f-]{36}$/);
      const leftBehind = s3.puts.filter((key) => key.includes(`orders/${halfOrderId}/`)).length;
      expect(leftBehind).toBeGreaterThan(0);
      expect(leftBehind).toBeLessThan(10);
      figures.push(`${name}: kill while storing left ${leftBehind} of 10 selfies in the bucket`);

      await studio.restart();
      // What the customer sees: no order (the upload failed) and nothing to pay; the order's id never
      // reached them and no call serves selfies, so what was stored is unreachable.
      expect(await orderList(studio.server, ada)).toEqual([]);
      // Trying again works at once: the half order holds no beta seat. (Its generation is not awaited here.)
      const { orderId } = await createCheckout(studio.server.url, ada, 'beta');
      expect((await orderList(studio.server, ada)).map((o) => o.id)).toEqual([orderId]);

      // The daily clean-up removes what the crash left (the row and the selfies stored) once it is an hour old.
      await studio.server.stop();
      const later = manualClock(new Date(Date.now() + 2 * 3600_000));
      const offline = await buildTestApp(
        { ROLE: 'web', ...s3.env },
        { clock: later, reuse: { dataDir: studio.server.dataDir, databaseUrl: studio.databaseUrl } },
      );
      try {
        expect(await offline.app.ctx.files.count(`orders/${halfOrderId}`)).toBe(leftBehind);
        expect(await deleteInterruptedCheckouts(offline.app.ctx)).toBe(1);
        expect(await offline.app.ctx.files.count(`orders/${halfOrderId}`)).toBe(0);
        // The retried checkout is untouched.
        expect(await offline.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(6);
      } finally {
        await offline.close();
      }
    });

    it('kill -9 while payments are in flight: after the restart every paid order completes exactly once and none is stuck', async () => {
      const studio = await boot();
      const customers = await Promise.all(Array.from({ length: 3 }, (_, i) => signInOverHttp(studio.server.url, studio.outbox, `pay-crash-${i}@example.com`)));
      const checkouts: { customer: Customer; orderId: string; clientSecret: string }[] = [];
      for (const customer of customers) checkouts.push({ customer, ...(await createCheckout(studio.server.url, customer, 'beta')) });

      // All three pay at once; the server dies the moment the first payment is confirmed.
      let killed = false;
      const pays = await Promise.all(
        checkouts.map(async ({ customer, clientSecret }) => {
          const result = await tryPost(studio.server.url, customer, '/v1/checkout/offline/pay', { clientSecret });
          if ('status' in result && result.status === 200 && !killed) {
            killed = true;
            studio.server.process.kill('SIGKILL');
          }
          return result;
        }),
      );
      await studio.server.kill();
      const confirmed = pays.map((p) => 'status' in p && p.status === 200);
      expect(confirmed.some(Boolean)).toBe(true);
      for (const pay of pays) if ('status' in pay) expect(pay.status).toBe(200);

      const restartedAt = Date.now();
      const restartSeconds = await studio.restart();
      const { server } = studio;

      // Orders whose payment the server confirmed (or recorded) complete without the customer doing anything.
      const sessions = await Promise.all(
        checkouts.map(async ({ customer, clientSecret }) => {
          const { envelope } = await postJson(server.url, customer, '/v1/checkout/offline/session', { clientSecret });
          return envelope.data.status as string;
        }),
      );
      checkouts.forEach((_, i) => {
        if (confirmed[i]) expect(sessions[i]).toBe('paid');
      });
      await Promise.all(
        checkouts.map(async ({ customer, orderId }, i) => {
          if (sessions[i] !== 'paid') return;
          await waitFor(async () => (await orderInfo(server.url, customer, orderId)).status === 'completed', 120_000, `paid order ${i + 1}`);
        }),
      );
      const recoverSeconds = secondsSince(restartedAt);

      // The others saw an error and pay again, as the checkout dialog lets them.
      for (const [i, { customer, clientSecret }] of checkouts.entries()) {
        if (sessions[i] === 'paid') continue;
        expect((await postJson(server.url, customer, '/v1/checkout/offline/pay', { clientSecret })).status).toBe(200);
      }
      await Promise.all(
        checkouts.map(({ customer, orderId }, i) =>
          waitFor(async () => (await orderInfo(server.url, customer, orderId)).status === 'completed', 120_000, `order ${i + 1}`),
        ),
      );
      figures.push(
        `${name}: ${confirmed.filter(Boolean).length} of ${checkouts.length} payments confirmed before kill -9, ${sessions.filter((s) => s === 'paid').length} recorded; ` +
          `restart to healthy ${restartSeconds} s; paid orders completed ${recoverSeconds} s after the restart began`,
      );

      // Exactly once: one order, one payment, one "ready" mail and exactly 20 portraits per customer.
      // (The mail follows the status change, so wait until every order has had the chance to send it.)
      const subjects = await waitFor(
        async () => {
          const all = await mailSubjects(studio.outbox);
          return checkouts.every(({ orderId }) => readyMailsFor(all, orderId) > 0) && all;
        },
        30_000,
        'the ready mails',
      );
      for (const { customer, orderId } of checkouts) {
        expect((await orderList(server, customer)).map((o) => [o.id, o.status])).toEqual([[orderId, 'completed']]);
        const receipts = await postJson(server.url, customer, '/v1/stripe/receipts', {});
        expect(receipts.envelope.data.map((r: { orderId: string }) => r.orderId)).toEqual([orderId]);
        expect(readyMailsFor(subjects, orderId)).toBe(1);
        expect(await filesUnder(path.join(studio.files, 'orders', orderId, 'portraits'))).toHaveLength(20);
        expect(await filesUnder(path.join(studio.files, 'orders', orderId, 'selfies'))).toEqual([]);
        const info = await orderInfo(server.url, customer, orderId);
        expect([info.imageGenerated, info.progress]).toEqual([20, 100]);
      }
    });

    it('a checkout recorded as paid but not yet fulfilled when the server died is fulfilled at restart without paying again', async () => {
      const studio = await boot();
      const ada = await signInOverHttp(studio.server.url, studio.outbox, 'paid-unfulfilled@example.com');
      const { orderId, clientSecret } = await createCheckout(studio.server.url, ada, 'beta');
      await studio.server.kill();

      // The state a kill leaves between the two steps of the offline payment: the session is paid, the
      // order not yet (fulfilment never ran). Written directly, as no request can stop at that point.
      const markPaid = `update offline_checkout_sessions set status = 'paid', paid_at = now() where order_id = '${orderId}'`;
      if (studio.databaseUrl) {
        const client = new pg.Client({ connectionString: studio.databaseUrl });
        await client.connect();
        await client.query(markPaid);
        await client.end();
      } else {
        const db = await PGlite.create(path.join(studio.server.dataDir, 'db'));
        await db.exec(markPaid);
        await db.close();
      }

      await studio.restart();
      const done = await waitFor(
        async () => {
          const info = await orderInfo(studio.server.url, ada, orderId);
          return info.status === 'completed' && info;
        },
        60_000,
        'the paid order to be fulfilled and completed',
      );
      expect(done.imageGenerated).toBe(20);
      const receipts = await postJson(studio.server.url, ada, '/v1/stripe/receipts', {});
      expect(receipts.envelope.data.map((r: { orderId: string }) => r.orderId)).toEqual([orderId]);
      // Paying again now is harmless: still one payment, one order.
      expect((await postJson(studio.server.url, ada, '/v1/checkout/offline/pay', { clientSecret })).status).toBe(200);
      expect((await postJson(studio.server.url, ada, '/v1/stripe/receipts', {})).envelope.data).toHaveLength(1);
      const subjects = await waitFor(
        async () => {
          const all = await mailSubjects(studio.outbox);
          return readyMailsFor(all, orderId) > 0 && all;
        },
        30_000,
        'the ready mail',
      );
      expect(readyMailsFor(subjects, orderId)).toBe(1);
    });

    it("kill -9 between the payment provider's refund and our record: after the restart the order is refunded exactly once", async () => {
      const studio = await boot();
      const ada = await signInOverHttp(studio.server.url, studio.outbox, 'refund-crash@example.com');
      const orderId = await placePaidOrderOverHttp(studio.server.url, ada, 'basic');
      await studio.server.kill();

      // The state a kill leaves between the two steps of a refund: the order delivered and its refund
      // started, the offline checkout's refund made, our record not written. Written directly, as no
      // request can stop at that point.
      const between = [
        `update orders set status = 'completed', completed_at = now(), refund_started_at = now() where id = '${orderId}'`,
        `update offline_checkout_sessions set refund_id = 're_offline_before_the_crash', refunded_at = now() where order_id = '${orderId}'`,
      ];
      const read = `select o.status, o.refunded_at is not null as recorded, p.refund_id, p.refunded_cents, s.refund_id as provider_refund
      from orders o join payments p on p.order_id = o.id join offline_checkout_sessions s on s.order_id = o.id where o.id = '${orderId}'`;
      if (studio.databaseUrl) {
        const client = new pg.Client({ connectionString: studio.databaseUrl });
        await client.connect();
        for (const statement of between) await client.query(statement);
        await client.end();
      } else {
        const db = await PGlite.create(path.join(studio.server.dataDir, 'db'));
        for (const statement of between) await db.exec(statement);
        await db.close();
      }

      await studio.restart();
      const orders = await waitFor(
        async () => {
          const list = await orderList(studio.server, ada);
          return list.find((o) => o.id === orderId)?.status === 'refunded' && list;
        },
        30_000,
        'the interrupted refund to be finished',
      );
      expect(orders.find((o) => o.id === orderId)?.status).toBe('refunded');
      const receipts = await postJson(studio.server.url, ada, '/v1/stripe/receipts', {});
      expect(receipts.envelope.data).toEqual([expect.objectContaining({ orderId, refundedAmount: priceOf('basic') })]);
      const refundMails = (await mailSubjects(studio.outbox)).filter((subject) => subject.startsWith('Your refund for order'));
      expect(refundMails).toHaveLength(1);
      // Asking again is refused: one refund, the one the provider made before the crash.
      const again = await postJson(studio.server.url, ada, '/v1/order/refund', { orderId });
      expect(again).toMatchObject({ status: 409, envelope: { message: 'This order has already been refunded' } });
      await studio.server.kill();
      const rows = studio.databaseUrl
        ? await (async () => {
            const client = new pg.Client({ connectionString: studio.databaseUrl });
            await client.connect();
            const { rows } = await client.query(read);
            await client.end();
            return rows;
          })()
        : await (async () => {
            const db = await PGlite.create(path.join(studio.server.dataDir, 'db'));
            const { rows } = await db.query(read);
            await db.close();
            return rows;
          })();
      expect(rows).toEqual([
        {
          status: 'refunded',
          recorded: true,
          refund_id: 're_offline_before_the_crash',
          refunded_cents: priceOf('basic'),
          provider_refund: 're_offline_before_the_crash',
        },
      ]);
    });
  });
}
