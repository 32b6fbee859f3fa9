import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, payments, portraits, users } from '@/server/db/schema';
import { generateOrderJob } from '@/server/jobs/definitions';
import { createOfflineGenerator } from '@/server/providers/generator/offline';
import type { Generator } from '@/server/providers/generator/generator';
import { runGeneration } from '@/server/services/generation/run-generation';
import { purgeExpired } from '@/server/services/retention/purge-expired';
import { buildTestApp, runJobs, sameSite, type TestApp } from './helpers/app';
import { placePaidOrder } from './helpers/orders';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';
import { priceOf, usd } from '../support/prices';

const OPERATOR = 'ops@example.com';
const DAY = 24 * 3600_000;

/**
 * The operator console's calls: order search, the order page, the overview, customers, and the actions,
 * each carried out once however many clicks arrive together, each written to the audit log.
 */
describe('[operator] the console behind the operator role', { timeout: 120_000 }, () => {
  let t: TestApp;
  /** The clock runs as the wall clock's, moved forward by this much for the retention checks. */
  let ahead = 0;
  /** The offline generator, except that it gives up once, after the first portrait: an engine's bad day. */
  let failOnce = false;
  /** Or it throws on every step (a storage or provider outage) while this is set. */
  let broken = false;
  const offline = createOfflineGenerator({ paceMs: 0, plain: true });
  const flaky: Generator = {
    ...offline,
    async advance(request, have) {
      if (broken) throw new Error('EIO: the render farm is unreachable');
      if (failOnce && have.size >= 1) {
        failOnce = false;
        return { portraits: [], selfiesConsumed: true, failed: 'The render farm lost the job' };
      }
      return offline.advance(request, have);
    },
  };

  let ops: Awaited<ReturnType<typeof signInAs>>;
  // Each test has an app of its own: the overview, the audit trail and the queue are the whole
  // database's, so no test may see what another did.
  beforeEach(async () => {
    ahead = 0;
    failOnce = false;
    broken = false;
    t = await buildTestApp(
      { OPERATOR_EMAILS: `someone@example.com, ${OPERATOR.toUpperCase()}`, BETA_SEATS: '30' },
      { generator: flaky, clock: { now: () => new Date(Date.now() + ahead) } },
    );
    ops = await signInAs(t, OPERATOR);
  });
  afterEach(() => t.close());

  const db = () => t.app.ctx.database.db;
  const call = (url: string, payload: object, cookie = ops.cookie) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });
  const data = async (url: string, payload: object) => {
    const res = await call(url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const auditOf = async (orderId: string) => db().select().from(auditLog).where(eq(auditLog.orderId, orderId));
  const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('tells the dashboard who is an operator, by any case of the address', async () => {
    expect((await data('/v1/user/info', {})).operator).toBe(true);
    const customer = await signInAs(t, 'customer@example.com');
    expect((await call('/v1/user/info', {}, customer.cookie)).json().data.operator).toBe(false);
  });

  it('answers a customer and a visitor exactly as a route that does not exist, before reading the body', async () => {
    const customer = await signInAs(t, 'curious@example.com');
    for (const cookie of [customer.cookie, '']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/operator/orders/search', headers: { ...sameSite, cookie }, payload: '{ not json' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: 'No such call: POST /v1/operator/orders/search', data: null });
    }
    // An operator's malformed body is answered as any call's.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/v1/operator/orders/search',
      headers: { ...sameSite, cookie: ops.cookie },
      payload: { status: 'lost' },
    });
    expect(mine.statusCode).toBe(400);
  });

  it('finds orders by id, its first 8 characters, email, status and dates, newest first, a page at a time', async () => {
    const ada = await signInAs(t, 'ada.search@example.com');
    const bob = await signInAs(t, 'bob.search@example.com');
    const made: { id: string; email: string; status: string; createdAt: Date }[] = [];
    const base = Date.parse('2026-03-01T12:00:00Z');
    for (let i = 0; i < 12; i++) {
      const user = i % 3 === 0 ? bob : ada;
      const status = (['completed', 'failed', 'processing'] as const)[i % 3];
      const [row] = await db()
        .insert(orders)
        .values({
          userId: user.user.id,
          status,
          categoryId: 'doctor',
          packageId: 'basic',
          imageTotal: 40,
          priceCents: priceOf('basic'),
          amountCents: priceOf('basic'),
          createdAt: new Date(base + i * DAY),
        })
        .returning();
      made.push({ id: row!.id, email: user.user.email, status, createdAt: row!.createdAt });
    }
    const newestFirst = [...made].reverse();
    const ids = async (search: object) =>
      (await data('/v1/operator/orders/search', { from: '2026-03-01', to: '2026-03-31', ...search })).orders.map((o: { id: string }) => o.id);

    expect(await ids({})).toEqual(newestFirst.map((o) => o.id));
    const target = made[4]!;
    expect(await ids({ query: target.id })).toEqual([target.id]);
    expect(await ids({ query: target.id.slice(0, 8).toUpperCase() })).toEqual([target.id]);
    expect(await ids({ query: 'BOB.search@example.com' })).toEqual(newestFirst.filter((o) => o.email.startsWith('bob')).map((o) => o.id));
    expect(await ids({ query: 'ada.sea' })).toEqual(newestFirst.filter((o) => o.email.startsWith('ada')).map((o) => o.id));
    expect(await ids({ status: 'failed' })).toEqual(newestFirst.filter((o) => o.status === 'failed').map((o) => o.id));
    expect(await ids({ from: '2026-03-03', to: '2026-03-05' })).toEqual(
      made
        .slice(2, 5)
        .reverse()
        .map((o) => o.id),
    );
    expect(await ids({ query: 'nobody@example.com' })).toEqual([]);
    expect(await ids({ query: '%' })).toEqual([]);

    // Five a page: the pages, read one after another, are the whole list once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await data('/v1/operator/orders/search', { from: '2026-03-01', to: '2026-03-31', limit: 5, ...(cursor ? { cursor } : {}) });
      seen.push(...page.orders.map((o: { id: string }) => o.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(newestFirst.map((o) => o.id));
    expect((await call('/v1/operator/orders/search', { cursor: 'garbage' })).json()).toMatchObject({
      code: 400,
      message: 'Invalid cursor: start again from the first page',
    });
  });

  it('retries a failed order once under 20 concurrent clicks of one confirmation, from the likeness its first attempt kept, and the order completes', async () => {
    const customer = await signInAs(t, 'retry@example.com');
    failOnce = true;
    const orderId = await placePaidOrder(t, customer.cookie, 'beta');
    expect(await runJobs(t, generateOrderJob, { orderId })).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', failureReason: 'The render farm lost the job', imageGenerated: 1 });
    const before = await data('/v1/operator/orders/get', { orderId });
    expect(before.actions).toEqual({ retry: true, refund: false, resendReady: false, extendRetention: true });
    // Each action not offered says why: a beta order paid nothing, a failed one has no ready mail.
    expect(before.blocked).toEqual({ retry: null, refund: 'free', resendReady: 'notCompleted', extendRetention: null });
    expect(before.mails).toEqual([
      { kind: 'confirmed', at: expect.any(String), sent: true },
      { kind: 'failed', at: expect.any(String), sent: true },
    ]);

    const requestId = randomUUID();
    const clicks = await Promise.all(Array.from({ length: 20 }, () => call('/v1/operator/orders/retry', { orderId, requestId })));
    expect(clicks.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const res of clicks.filter((r) => r.statusCode !== 200))
      expect(res.json()).toMatchObject({ code: 409, message: 'This action is being carried out; look again in a moment' });
    expect(await auditOf(orderId)).toMatchObject([
      {
        action: 'retry',
        outcome: 'done',
        actorEmail: OPERATOR,
        customerEmail: 'retry@example.com',
        detail: { failure: 'The render farm lost the job', attempt: 2 },
      },
    ]);
    // A second operator's confirmation, a moment later, is refused: the order is no longer failed.
    const late = await call('/v1/operator/orders/retry', { orderId, requestId: randomUUID() });
    expect(late.json()).toMatchObject({ code: 409, message: 'Only a failed order that is still kept can be retried' });

    expect(await runJobs(t, generateOrderJob, { orderId })).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', imageGenerated: 20, retries: 1, failureReason: null });
    const after = await data('/v1/operator/orders/get', { orderId });
    expect(after.timeline.map((e: { event: string; percent?: number }) => e.percent ?? e.event)).toEqual([
      'created',
      'paid',
      'generationStarted',
      10,
      20,
      30,
      40,
      50,
      60,
      70,
      80,
      90,
      100,
      'completed',
    ]);
    expect(after.portraits).toHaveLength(20);
    // The overview counts the order from payment to its portraits.
    const overview = await data('/v1/operator/overview', {});
    expect(overview.paidToCompleted.orders).toBe(1);
    expect(overview.paidToFirstPortrait.medianSeconds).not.toBeNull();
    // The refused confirmation left no entry: the log holds what was done.
    expect(after.audit.map((a: { action: string; outcome: string }) => [a.action, a.outcome])).toEqual([['retry', 'done']]);
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/operator/orders/${orderId}/thumbs/1`, headers: { cookie: ops.cookie } });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const notYours = await t.app.inject({ method: 'GET', url: `/v1/operator/orders/${orderId}/thumbs/1`, headers: { cookie: customer.cookie } });
    expect(notYours.json()).toEqual({ code: 404, message: `No such call: GET /v1/operator/orders/${orderId}/thumbs/1`, data: null });
  });

  it('fails an order whose generation keeps failing for an hour, with the last error, keeping what a retry needs', async () => {
    const customer = await signInAs(t, 'outage@example.com');
    broken = true;
    const orderId = await placePaidOrder(t, customer.cookie, 'beta');
    // The job's step throws; pg-boss will try again, and the order says since when it keeps failing.
    expect(await runJobs(t, generateOrderJob)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({ status: 'processing', lastGenerationError: 'EIO: the render farm is unreachable' });
    const ongoing = await data('/v1/operator/orders/get', { orderId });
    expect(ongoing.order).toMatchObject({ status: 'processing', failureReason: 'EIO: the render farm is unreachable' });

    // Still failing an hour later: the order fails with the reason, keeping what a retry needs of the person.
    ahead = 61 * 60_000;
    await runGeneration(t.app.ctx, orderId);
    ahead = 0;
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', failureReason: 'Generation kept failing: EIO: the render farm is unreachable' });
    expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(0);
    expect(await t.app.ctx.files.count(`orders/${orderId}/likeness`)).toBe(6);
    broken = false;
    // What a retry needs is there (the retry itself is the test above, and the browser suite's).
    expect((await data('/v1/operator/orders/get', { orderId })).actions.retry).toBe(true);
  });

  it('refunds part of the paid amount exactly once under 20 concurrent confirmations, through the provider, leaves the order as it was and mails the customer', async () => {
    const customer = await signInAs(t, 'refund@example.com');
    const orderId = await placePaidOrder(t, customer.cookie, 'basic');
    const tooMuch = await call('/v1/operator/orders/refund', { orderId, requestId: randomUUID(), amountCents: 1000 });
    expect(tooMuch.json()).toMatchObject({ code: 409, message: 'Only a delivered or failed order can be refunded' });
    // Delivered (the order's generation is not what this test is about).
    await db().update(orders).set({ status: 'completed', completedAt: new Date() }).where(eq(orders.id, orderId));
    const over = await call('/v1/operator/orders/refund', { orderId, requestId: randomUUID(), amountCents: 999_999 });
    expect(over.json()).toMatchObject({ code: 400, message: `The refund cannot be more than the ${usd(priceOf('basic'))} paid` });

    const clicks = await Promise.all(
      Array.from({ length: 20 }, () => call('/v1/operator/orders/refund', { orderId, requestId: randomUUID(), amountCents: 1500 })),
    );
    expect(clicks.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const res of clicks.filter((r) => r.statusCode !== 200)) expect(res.statusCode).toBe(409);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ refundedCents: 1500, refundId: expect.any(String) });
    // $15 of the Basic price is a goodwill refund: the order is as it was.
    expect(await orderRow(orderId)).toMatchObject({ status: 'completed', refundedAt: null, refundStartedAt: null, purgedAt: null });
    expect(await auditOf(orderId)).toMatchObject([
      { action: 'refund', outcome: 'done', customerEmail: 'refund@example.com', detail: { amountCents: 1500, refund: 'part' } },
    ]);
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.subject === `Your refund for order ${orderId.slice(0, 8).toUpperCase()}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Our support team refunded $15.00 of the ${usd(priceOf('basic'))} you paid`);
    // The overview shows the day's refund.
    const overview = await data('/v1/operator/overview', {});
    expect(overview.refunds).toEqual({ count: 1, cents: 1500 });
    expect(overview.days.at(-1)).toMatchObject({ refundedCents: 1500 });
    // Neither the customer's own refund nor a second one from the console can follow.
    const theirs = await call('/v1/order/refund', { orderId }, customer.cookie);
    expect(theirs.json()).toMatchObject({
      code: 409,
      message: 'Part of this order was already refunded by our support team; please write to support about the rest',
    });
    const again = await call('/v1/operator/orders/refund', { orderId, requestId: randomUUID(), amountCents: 2000 });
    expect(again.json()).toMatchObject({
      code: 409,
      message: `This order's payment was already refunded in part ($15.00 of ${usd(priceOf('basic'))}); a payment is refunded once`,
    });
  });

  it('resends the ready mail once per confirmation, keeps an order 30 more days, and the purge waits for it', async () => {
    const customer = await signInAs(t, 'kept@example.com');
    const order = await seedCompletedOrder(t, customer.user.id);
    const requestId = randomUUID();
    const mailsBefore = (await readOutbox(t.dataDir)).length;
    const resent = await Promise.all(Array.from({ length: 5 }, () => call('/v1/operator/orders/resendReady', { orderId: order.id, requestId })));
    expect(resent.some((r) => r.statusCode === 200)).toBe(true);
    await expect.poll(async () => (await readOutbox(t.dataDir)).length).toBe(mailsBefore + 1);
    const ready = (await readOutbox(t.dataDir)).filter((m) => m.subject === `Your portraits are ready (order ${order.id.slice(0, 8).toUpperCase()})`);
    expect(ready.map((m) => m.to && 'text' in m.to && m.to.text)).toEqual([customer.user.email]);

    const extendId = randomUUID();
    await Promise.all([1, 2, 3].map(() => call('/v1/operator/orders/extendRetention', { orderId: order.id, requestId: extendId })));
    const kept = await orderRow(order.id);
    expect(kept.keepUntil!.getTime()).toBe(order.completedAt!.getTime() + 60 * DAY);
    const detail = await data('/v1/operator/orders/get', { orderId: order.id });
    expect(detail.order.purgeAt).toBe(kept.keepUntil!.toISOString());
    expect(detail.mails.map((m: { kind: string }) => m.kind)).toEqual(['ready']);
    expect(detail.audit.map((a: { action: string; customerEmail: string }) => [a.action, a.customerEmail])).toEqual([
      ['extendRetention', 'kept@example.com'],
      ['resendReady', 'kept@example.com'],
    ]);

    // Day 31: any other order of that age would go; this one stays until day 60.
    ahead = 31 * DAY;
    expect(await purgeExpired(t.app.ctx)).not.toContain(order.id);
    ahead = 61 * DAY;
    expect(await purgeExpired(t.app.ctx)).toContain(order.id);
    ahead = 0;
  });

  it("shows a customer's orders, payments and sign-in methods, and deletes the account on request", async () => {
    const customer = await signInAs(t, 'gone@example.com');
    const order = await seedCompletedOrder(t, customer.user.id);
    const found = await data('/v1/operator/customers/get', { email: 'GONE@example.com' });
    expect(found).toMatchObject({
      email: 'gone@example.com',
      signInMethods: ['email'],
      language: 'us',
      orders: [{ id: order.id, status: 'completed' }],
      payments: [{ orderId: order.id, amountCents: priceOf('basic') }],
    });
    expect(found.lastSeenAt).not.toBeNull();

    const requestId = randomUUID();
    const deleted = await Promise.all([1, 2].map(() => call('/v1/operator/customers/delete', { email: 'gone@example.com', requestId })));
    expect(deleted.some((r) => r.statusCode === 200)).toBe(true);
    expect(await db().select().from(users).where(eq(users.email, 'gone@example.com'))).toEqual([]);
    expect(Number((await db().select({ n: count() }).from(portraits).where(eq(portraits.orderId, order.id)))[0]!.n)).toBe(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.customerEmail, 'gone@example.com'))).toMatchObject([
      { action: 'deleteCustomer', outcome: 'done' },
    ]);
    expect((await call('/v1/operator/customers/get', { email: 'gone@example.com' })).json()).toMatchObject({
      code: 404,
      message: 'No customer has this email',
    });
  });

  it('changes the beta seats without a restart, and the overview and the public count follow', async () => {
    const requestId = randomUUID();
    const res = await call('/v1/operator/betaSeats', { seats: 45, requestId });
    expect(res.json().data).toMatchObject({ action: 'setBetaSeats', outcome: 'done', detail: { from: 30, to: 45 } });
    expect((await call('/v1/operator/betaSeats', { seats: 45, requestId })).statusCode).toBe(200);
    expect(await db().select().from(auditLog).where(eq(auditLog.requestId, requestId))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stripe/coupon' })).json().data).toMatchObject({ total: 45 });

    const overview = await data('/v1/operator/overview', {});
    expect(overview.betaSeats.total).toBe(45);
    expect(overview.days).toHaveLength(30);
    const today = overview.days.at(-1);
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    // Nothing was paid or refunded on this app (the refund and retry tests check those figures).
    expect(today).toMatchObject({ orders: 0, revenueCents: 0, refundedCents: 0 });
    expect(overview.refunds).toEqual({ count: 0, cents: 0 });
    expect(overview.queue).toEqual({ waiting: expect.any(Number), running: 0, failed: 0 });

    // The audit trail, newest first, a page at a time: three more changes, then a page of two and the rest.
    for (const seats of [40, 35, 30]) expect((await call('/v1/operator/betaSeats', { seats, requestId: randomUUID() })).statusCode).toBe(200);
    const audit = await data('/v1/operator/audit', { limit: 2 });
    expect(audit.entries.map((e: { action: string; detail: { to: number } }) => [e.action, e.detail.to])).toEqual([
      ['setBetaSeats', 30],
      ['setBetaSeats', 35],
    ]);
    const next = await data('/v1/operator/audit', { limit: 50, cursor: audit.nextCursor });
    expect(next.entries.map((e: { action: string; detail: { to: number } }) => [e.action, e.detail.to])).toEqual([
      ['setBetaSeats', 40],
      ['setBetaSeats', 45],
    ]);
    expect(next.nextCursor).toBeNull();
  });
});
