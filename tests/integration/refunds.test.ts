import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeOrder } from '@/server/services/orders/order-lifecycle';
import { portraitKey, thumbKey } from '@/server/services/orders/storage-keys';
import { offlineCheckoutSessions, orders, payments, portraits } from '@/server/db/schema';
import { validAnswers } from '../support/answers';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { placePaidOrder } from './helpers/orders';
import { checkoutForm, makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { readMails } from './helpers/smtp';
import { signedStripeEvent, startStripeApi, stripeSettings } from './helpers/stripe-api';
import { priceOf, usd } from '../support/prices';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEBHOOK_SECRET = 'whsec_refunds';

/** Generation is not what these tests are about: a paid order gets three small portraits and completes. */
async function deliver(t: TestApp, orderId: string) {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
  for (let no = 1; no <= 3; no++) {
    await t.app.ctx.database.db
      .insert(portraits)
      .values({ orderId, no, storageKey: portraitKey(orderId, no), thumbKey: thumbKey(orderId, no), width: 832, height: 1216, bytes: 4 });
    await t.app.ctx.files.put(portraitKey(orderId, no), jpeg, 'image/jpeg');
    await t.app.ctx.files.put(thumbKey(orderId, no), jpeg, 'image/jpeg');
  }
  await t.app.ctx.database.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, orderId));
  expect(await completeOrder(t.app.ctx.database.db, orderId, 3, t.app.ctx.clock.now())).toBe(true);
}

describe('[refunds] the 7-day money-back guarantee, self-serve', () => {
  describe('with the offline checkout', () => {
    let t: TestApp;
    const clock = manualClock();
    beforeAll(async () => {
      t = await buildTestApp({ ROLE: 'web' }, { clock });
    });
    afterAll(() => t.close());

    const refund = (cookie: string, orderId: string) =>
      t.app.inject({ method: 'POST', url: '/v1/order/refund', headers: { ...sameSite, cookie }, payload: { orderId } });
    const listed = async (cookie: string, orderId: string) =>
      (
        (await t.app.inject({ method: 'POST', url: '/v1/order/list', headers: { ...sameSite, cookie }, payload: {} })).json().data as {
          id: string;
          status: string;
          refundBlock: string | null;
        }[]
      ).find((o) => o.id === orderId);
    /** A customer with a delivered Basic order, paid through the offline checkout. */
    async function customerWithOrder(email: string, packageId = 'basic') {
      const user = await signInAs(t, email);
      const orderId = await placePaidOrder(t, user.cookie, packageId);
      await deliver(t, orderId);
      return { ...user, orderId };
    }

    it('refunds an eligible order once under 20 concurrent requests: portraits gone, order refunded, receipt and mail show it', async () => {
      const ada = await customerWithOrder('refund-ada@example.com');
      expect(await listed(ada.cookie, ada.orderId)).toMatchObject({ status: 'completed', refundBlock: null });
      const offered = (await t.app.inject({ method: 'POST', url: '/v1/stripe/receipts', headers: { ...sameSite, cookie: ada.cookie }, payload: {} })).json()
        .data;
      expect(offered).toEqual([expect.objectContaining({ orderId: ada.orderId, refundBlock: null, refundedAt: null })]);
      expect(await t.app.ctx.files.count(`orders/${ada.orderId}`)).toBeGreaterThan(0);

      const answers = await Promise.all(Array.from({ length: 20 }, () => refund(ada.cookie, ada.orderId)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(['This order has already been refunded', 'Your refund for this order is already being processed']).toContain(refused.json().message);
      }
      const done = answers.find((a) => a.statusCode === 200)!.json().data;
      expect(done).toMatchObject({ orderId: ada.orderId, amount: priceOf('basic'), currency: 'usd' });

      const { db } = t.app.ctx.database;
      const [session] = await db.select().from(offlineCheckoutSessions).where(eq(offlineCheckoutSessions.orderId, ada.orderId));
      expect(session!.refundId).toMatch(/^re_offline_/);
      expect(await listed(ada.cookie, ada.orderId)).toMatchObject({ status: 'refunded', refundBlock: 'refunded' });
      expect(await t.app.ctx.files.count(`orders/${ada.orderId}`)).toBe(0);
      const [{ n }] = await db.select({ n: count() }).from(portraits).where(eq(portraits.orderId, ada.orderId));
      expect(Number(n)).toBe(0);

      const receipts = (await t.app.inject({ method: 'POST', url: '/v1/stripe/receipts', headers: { ...sameSite, cookie: ada.cookie }, payload: {} })).json()
        .data;
      expect(receipts).toEqual([
        expect.objectContaining({
          orderId: ada.orderId,
          amount: priceOf('basic'),
          refundedAmount: priceOf('basic'),
          refundedAt: expect.any(String),
          refundBlock: 'refunded',
        }),
      ]);
      const page = await t.app.inject({ method: 'GET', url: `/v1/receipts/${receipts[0].id}`, headers: { cookie: ada.cookie } });
      expect(page.body).toMatch(/Refunded on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      expect(page.body).toContain(`-${usd(priceOf('basic'))}`);

      const mails = (await readMails(t.config.mail.outboxDir)).filter((m) => m.subject === `Your refund for order ${ada.orderId.slice(0, 8).toUpperCase()}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`We refunded ${usd(priceOf('basic'))}`);
      expect(mails[0]!.text).toContain('3-5 business days');

      // Asking again later is refused with the reason.
      const again = await refund(ada.cookie, ada.orderId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This order has already been refunded');
    });

    it('refuses after a download, after day 7, for a free beta order, for an order still being made, and for someone else', async () => {
      const bob = await customerWithOrder('refund-bob@example.com');
      const downloaded = await t.app.inject({
        method: 'POST',
        url: '/v1/order/addDownloaded',
        headers: { ...sameSite, cookie: bob.cookie },
        payload: { orderId: bob.orderId, no: 1 },
      });
      expect(downloaded.statusCode).toBe(200);
      expect(await listed(bob.cookie, bob.orderId)).toMatchObject({ refundBlock: 'downloaded' });
      expect((await refund(bob.cookie, bob.orderId)).json()).toMatchObject({ code: 409, message: 'You downloaded portraits from this order' });

      const cyd = await customerWithOrder('refund-cyd@example.com');
      clock.advance(7 * DAY_MS + 60_000);
      expect(await listed(cyd.cookie, cyd.orderId)).toMatchObject({ refundBlock: 'windowEnded' });
      expect((await refund(cyd.cookie, cyd.orderId)).json()).toMatchObject({ code: 409, message: 'The 7-day refund window has ended' });

      const dee = await customerWithOrder('refund-dee@example.com', 'beta');
      expect((await refund(dee.cookie, dee.orderId)).json()).toMatchObject({
        code: 409,
        message: 'Free orders (beta, paid for by a team, or with a gift card) cannot be refunded',
      });

      const eve = await signInAs(t, 'refund-eve@example.com');
      const making = await placePaidOrder(t, eve.cookie, 'basic');
      expect((await refund(eve.cookie, making)).json()).toMatchObject({ code: 409, message: 'A refund can be requested once your portraits are ready' });

      const stranger = await signInAs(t, 'refund-stranger@example.com');
      const foreign = await refund(stranger.cookie, cyd.orderId);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Order not found');

      // Nothing was refunded by any of these.
      const refunded = await t.app.ctx.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'refunded'),
            sql`${orders.id} in (${sql.join(
              [bob.orderId, cyd.orderId, dee.orderId, making].map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
      expect(refunded).toEqual([]);
    });
  });

  describe('with Stripe', () => {
    let t: TestApp;
    let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
    beforeAll(async () => {
      stripeApi = await startStripeApi();
      t = await buildTestApp({
        ROLE: 'web',
        PUBLIC_URL: 'http://localhost:4321',
        ...stripeSettings(stripeApi.url, WEBHOOK_SECRET),
      });
    });
    afterAll(async () => {
      await t.close();
      await stripeApi.close();
    });

    const event = (type: string, object: unknown, id?: string) => t.app.inject(signedStripeEvent(WEBHOOK_SECRET, type, object, id));

    /** A customer pays a Basic order in the Stripe stand-in; it is delivered. */
    async function paidOrder(email: string) {
      const user = await signInAs(t, email);
      const form = checkoutForm(
        (await makePhotos(6)).map((bytes) => ({ bytes })),
        { portraitInfo: validAnswers({ package: 'basic' }) },
      );
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/stripe/checkout/create',
        headers: { cookie: user.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
        payload: form.payload,
      });
      const { orderId, sessionId } = created.json().data;
      stripeApi.complete(sessionId);
      expect((await event('checkout.session.completed', { id: sessionId, object: 'checkout.session' })).statusCode).toBe(200);
      await deliver(t, orderId);
      return { ...user, orderId, sessionId };
    }

    it("refunds through Stripe's Refunds API with one idempotency key per order, and a replayed refund webhook changes nothing", async () => {
      const ada = await paidOrder('stripe-refund@example.com');
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/order/refund',
        headers: { ...sameSite, cookie: ada.cookie },
        payload: { orderId: ada.orderId },
      });
      expect(res.statusCode).toBe(200);
      const call = stripeApi.requests.find((r) => r.path === '/v1/refunds')!;
      expect(call.form.get('payment_intent')).toBe(`pi_${ada.sessionId}`);
      expect(call.form.get('amount')).toBe(String(priceOf('basic')));
      expect(call.idempotencyKey).toBe(`refund-${ada.orderId}`);
      expect(stripeApi.refunds()).toHaveLength(1);

      // Stripe tells us about the refund we made, twice: nothing changes, no second mail.
      const charge = { id: `ch_${ada.sessionId}`, object: 'charge', payment_intent: `pi_${ada.sessionId}`, refunded: true, amount_refunded: priceOf('basic') };
      const replayId = `evt_refunded_${ada.orderId}`;
      for (let i = 0; i < 2; i++) expect((await event('charge.refunded', charge, replayId)).statusCode).toBe(200);
      const [payment] = await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, ada.orderId));
      expect(payment).toMatchObject({ refundedCents: priceOf('basic'), refundId: stripeApi.refunds()[0]!.id });
      const mails = (await readMails(t.config.mail.outboxDir)).filter((m) => m.subject === `Your refund for order ${ada.orderId.slice(0, 8).toUpperCase()}`);
      expect(mails).toHaveLength(1);
    });

    it("records a refund made in Stripe's dashboard: the order is refunded and its portraits deleted, once", async () => {
      const bob = await paidOrder('dashboard-refund@example.com');
      const refund = { id: 're_dashboard_1', object: 'refund', payment_intent: `pi_${bob.sessionId}`, status: 'succeeded', amount: priceOf('basic') };
      for (let i = 0; i < 3; i++) expect((await event('refund.updated', refund, 'evt_dashboard_refund')).statusCode).toBe(200);
      const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, bob.orderId));
      expect(order).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
      expect(await t.app.ctx.files.count(`orders/${bob.orderId}`)).toBe(0);
      const [payment] = await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, bob.orderId));
      expect(payment).toMatchObject({ refundId: 're_dashboard_1', refundedCents: priceOf('basic') });

      // A partial refund made there leaves the order as it is.
      const cyd = await paidOrder('partial-refund@example.com');
      await event('refund.updated', { id: 're_partial', object: 'refund', payment_intent: `pi_${cyd.sessionId}`, status: 'succeeded', amount: 1000 });
      const [partial] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, cyd.orderId));
      expect(partial!.status).toBe('completed');
    });
  });
});
