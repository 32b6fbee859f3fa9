import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, offlineCheckoutSessions, orders, payments, selfies } from '@/server/db/schema';
import { CHECKOUT_SESSION_TTL_MS } from '@/server/providers/payments/index';
import { settleOpenCheckouts } from '@/server/services/checkout/settle-open-checkouts';
import { orderFolder } from '@/server/services/orders/storage-keys';
import { validAnswers } from '../support/answers';
import { priceOf } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { startCheckout } from './helpers/orders';
import { checkoutForm, makePhotos } from './helpers/photos';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';
import { startStripeApi } from './helpers/stripe-api';

type Customer = Awaited<ReturnType<typeof signInAs>>;

/**
 * An abandoned checkout is an order the customer can pay later or discard, never a row stuck at
 * "Pending": `POST /v1/order/resumeCheckout` and `POST /v1/order/discard`, tried as a hostile customer
 * would (someone else's order, a paid one, a replay, a discard racing a payment), and the unpaid order
 * going by itself once its session expires.
 */
describe('[orders] unpaid orders on the offline checkout: resumed, discarded, or gone with their session', () => {
  let t: TestApp;
  let photos: Buffer[];
  const clock = manualClock(new Date());
  beforeAll(async () => {
    t = await buildTestApp({ BETA_SEATS: '5' }, { clock });
    photos = await makePhotos(6);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (who: Customer, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  async function checkout(who: Customer, packageId = 'basic') {
    const res = await startCheckout(t, who.cookie, packageId, photos);
    expect(res.statusCode).toBe(200);
    return res.json().data as { orderId: string; sessionId: string; clientSecret: string };
  }
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const listed = async (who: Customer) => (await post(who, '/v1/order/list', {})).json().data as { id: string; status: string; payableUntil: string | null }[];
  const heldSeats = async (orderId: string) =>
    db()
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.orderId, orderId), eq(entitlements.state, 'held')));

  it('lists an unpaid order with the time its checkout can be paid until', async () => {
    const ada = await signInAs(t, 'ada@example.com');
    const { orderId } = await checkout(ada);
    const row = (await listed(ada)).find((o) => o.id === orderId)!;
    expect(row).toMatchObject({ status: 'pending', paid: null });
    const created = (await orderRow(orderId))!.createdAt.getTime();
    expect(row.payableUntil).toBe(new Date(created + CHECKOUT_SESSION_TTL_MS).toISOString());
  });

  it('reopens the payment of an unpaid order with a new secret, which pays it; the old secret pays nothing', async () => {
    const ben = await signInAs(t, 'ben@example.com');
    const first = await checkout(ben);
    const res = await post(ben, '/v1/order/resumeCheckout', { orderId: first.orderId });
    expect(res.statusCode).toBe(200);
    const resumed = res.json().data;
    expect(resumed).toMatchObject({ orderId: first.orderId, sessionId: first.sessionId, provider: 'offline', publishableKey: null });
    expect(resumed.clientSecret).not.toBe(first.clientSecret);

    const stale = await post(ben, '/v1/checkout/offline/pay', { clientSecret: first.clientSecret });
    expect(stale.statusCode).toBe(404);
    expect((await orderRow(first.orderId))!.status).toBe('pending');

    const paid = await post(ben, '/v1/checkout/offline/pay', { clientSecret: resumed.clientSecret });
    expect(paid.json()).toMatchObject({ code: 0, data: { orderId: first.orderId } });
    expect((await orderRow(first.orderId))!.status).toBe('processing');
    // Paid now: there is nothing left to resume or discard, and the order is kept.
    const again = await post(ben, '/v1/order/resumeCheckout', { orderId: first.orderId });
    expect(again.json()).toEqual({ code: 409, message: 'This order is processing, so it has no payment to complete or discard', data: null });
    const discard = await post(ben, '/v1/order/discard', { orderId: first.orderId });
    expect(discard.statusCode).toBe(409);
    expect((await orderRow(first.orderId))!.status).toBe('processing');
  });

  it('discards an unpaid beta order at once: the order, its selfies and its session go, and the seat is free again', async () => {
    const cy = await signInAs(t, 'cy@example.com');
    const { orderId, clientSecret } = await checkout(cy, 'beta');
    expect(await heldSeats(orderId)).toHaveLength(1);
    // One beta order per person: a second checkout is refused while the first holds the seat, saying where it is.
    const second = await startCheckout(t, cy.cookie, 'beta', photos);
    expect(second.json()).toEqual({
      code: 409,
      message: 'You already have an unpaid beta order: complete its payment or discard it in My Orders',
      data: null,
    });
    expect(await t.app.ctx.files.count(orderFolder(orderId))).toBeGreaterThan(0);

    const res = await post(cy, '/v1/order/discard', { orderId });
    expect(res.json()).toEqual({ code: 0, message: 'Order discarded', data: null });
    expect(await orderRow(orderId)).toBeUndefined();
    expect(await db().select().from(selfies).where(eq(selfies.orderId, orderId))).toEqual([]);
    expect(await db().select().from(offlineCheckoutSessions).where(eq(offlineCheckoutSessions.orderId, orderId))).toEqual([]);
    expect(await t.app.ctx.files.count(orderFolder(orderId))).toBe(0);
    expect(await heldSeats(orderId)).toEqual([]);
    expect((await listed(cy)).map((o) => o.id)).not.toContain(orderId);

    // A replay finds nothing, and the old form cannot pay for an order that is gone.
    const replay = await post(cy, '/v1/order/discard', { orderId });
    expect(replay.json()).toEqual({ code: 404, message: 'Order not found', data: null });
    expect((await post(cy, '/v1/checkout/offline/pay', { clientSecret })).statusCode).toBe(404);
    // The seat it held is theirs to take again.
    expect((await startCheckout(t, cy.cookie, 'beta', photos)).statusCode).toBe(200);
  });

  it("answers another customer's unpaid order exactly as a missing one, and changes nothing", async () => {
    const dee = await signInAs(t, 'dee@example.com');
    const eve = await signInAs(t, 'eve@example.com');
    const { orderId } = await checkout(dee);
    for (const url of ['/v1/order/resumeCheckout', '/v1/order/discard']) {
      const theirs = await post(eve, url, { orderId });
      const missing = await post(eve, url, { orderId: '00000000-0000-4000-8000-000000000000' });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(missing.body);
    }
    expect((await orderRow(orderId))!.status).toBe('pending');
  });

  it('keeps and fulfils an order whose payment landed just before the discard', async () => {
    const fay = await signInAs(t, 'fay@example.com');
    const { orderId, sessionId } = await checkout(fay);
    // The payment went through at the provider; its fulfilment has not run yet.
    await t.app.ctx.payments.offline!.pay(sessionId, { discountCents: 0, amountCents: priceOf('basic'), couponCode: null });
    const res = await post(fay, '/v1/order/discard', { orderId });
    expect(res.json()).toEqual({ code: 409, message: 'This order has already been paid', data: null });
    expect((await orderRow(orderId))!.status).toBe('processing');
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });

  it('refuses to discard or resume a delivered order', async () => {
    const gus = await signInAs(t, 'gus@example.com');
    const order = await seedCompletedOrder(t, gus.user.id);
    for (const url of ['/v1/order/resumeCheckout', '/v1/order/discard']) {
      expect((await post(gus, url, { orderId: order.id })).json()).toEqual({
        code: 409,
        message: 'This order is completed, so it has no payment to complete or discard',
        data: null,
      });
    }
    expect((await orderRow(order.id))!.status).toBe('completed');
  });

  it('removes an unpaid order by itself once its session expires, freeing its seat; resuming it then says so', async () => {
    const hal = await signInAs(t, 'hal@example.com');
    const ivy = await signInAs(t, 'ivy@example.com');
    const swept = await checkout(hal, 'beta');
    const asked = await checkout(ivy, 'beta');
    clock.advance(CHECKOUT_SESSION_TTL_MS + 1000);

    // The customer asks first: the checkout is settled on the spot.
    const late = await post(ivy, '/v1/order/resumeCheckout', { orderId: asked.orderId });
    expect(late.json()).toEqual({
      code: 410,
      message: 'This checkout expired before it was paid, so the order was removed; please start the order again',
      data: null,
    });
    expect(await orderRow(asked.orderId)).toBeUndefined();

    // Nobody asks: the every-minute sweep removes it.
    await settleOpenCheckouts(t.app.ctx);
    expect(await orderRow(swept.orderId)).toBeUndefined();
    expect(await t.app.ctx.files.count(orderFolder(swept.orderId))).toBe(0);
    expect(await heldSeats(swept.orderId)).toEqual([]);
    expect((await listed(hal)).map((o) => o.id)).not.toContain(swept.orderId);
  });
});

describe('[orders] removing a refunded order from the list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('deletes a refunded order, keeping its payment and refund for the books', async () => {
    const ann = await signInAs(t, 'ann@example.com');
    const order = await seedCompletedOrder(t, ann.user.id);
    const { db } = t.app.ctx.database;
    const now = t.app.ctx.clock.now();
    await db.update(orders).set({ status: 'refunded', refundStartedAt: now, refundedAt: now }).where(eq(orders.id, order.id));
    await db
      .update(payments)
      .set({ refundId: 're_1', refundedCents: priceOf('basic'), refundedAt: now })
      .where(eq(payments.orderId, order.id));
    const res = await t.app.inject({ method: 'POST', url: '/v1/order/delete', headers: ann.headers, payload: { orderId: order.id } });
    expect(res.json()).toEqual({ code: 0, message: 'Order deleted', data: null });
    expect(await db.select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
    const [payment] = await db.select().from(payments).where(eq(payments.checkoutSessionId, order.checkoutSessionId!));
    expect(payment).toMatchObject({ orderId: null, refundId: 're_1', refundedCents: priceOf('basic') });
  });

  it('keeps an order whose refund is under way, and a refund cannot start on an order being deleted', async () => {
    const bo = await signInAs(t, 'bo@example.com');
    const order = await seedCompletedOrder(t, bo.user.id);
    const { db } = t.app.ctx.database;
    await db.update(orders).set({ refundStartedAt: t.app.ctx.clock.now() }).where(eq(orders.id, order.id));
    const res = await t.app.inject({ method: 'POST', url: '/v1/order/delete', headers: bo.headers, payload: { orderId: order.id } });
    expect(res.json()).toEqual({
      code: 409,
      message: 'Your refund for this order is being processed; you can delete the order once it is done',
      data: null,
    });
    expect(await db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
  });
});

describe('[orders] unpaid orders on Stripe', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
  let photos: Buffer[];
  beforeAll(async () => {
    stripeApi = await startStripeApi();
    photos = await makePhotos(6);
    t = await buildTestApp({
      PUBLIC_URL: 'http://localhost:4321',
      STRIPE_SECRET_KEY: 'sk_test_portrait',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_portrait',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_unpaid_orders',
      STRIPE_API_URL: stripeApi.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  async function checkout(email: string) {
    const who = await signInAs(t, email);
    const form = checkoutForm(
      photos.map((bytes) => ({ bytes })),
      { portraitInfo: validAnswers({ package: 'basic' }) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie: who.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    return { who, ...(res.json().data as { orderId: string; sessionId: string; clientSecret: string }) };
  }
  const post = (who: Customer, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });
  const status = async (orderId: string) =>
    (await t.app.ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

  it("mounts the same session's form again, while it is open", async () => {
    const { who, orderId, sessionId, clientSecret } = await checkout('stripe-resume@example.com');
    const res = await post(who, '/v1/order/resumeCheckout', { orderId });
    expect(res.json().data).toEqual({ orderId, sessionId, clientSecret, provider: 'stripe', publishableKey: 'pk_test_portrait' });
  });

  it('expires the session at Stripe before it deletes the order', async () => {
    const { who, orderId, sessionId } = await checkout('stripe-discard@example.com');
    const res = await post(who, '/v1/order/discard', { orderId });
    expect(res.json()).toMatchObject({ code: 0 });
    expect(stripeApi.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
    expect(await status(orderId)).toBeUndefined();
  });

  it('keeps an order paid at Stripe before the discard, and fulfils it', async () => {
    const { who, orderId, sessionId } = await checkout('stripe-race@example.com');
    stripeApi.complete(sessionId);
    const res = await post(who, '/v1/order/discard', { orderId });
    expect(res.json()).toEqual({ code: 409, message: 'This order has already been paid', data: null });
    expect(await status(orderId)).toBe('processing');
    // Nor can a paid session be reopened.
    expect((await post(who, '/v1/order/resumeCheckout', { orderId })).statusCode).toBe(409);
  });
});
