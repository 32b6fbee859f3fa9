import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOrderJob } from '@/server/jobs/definitions';
import { orders, payments, portraits, selfies } from '@/server/db/schema';
import { purgeOrder } from '@/server/services/orders/order-lifecycle';
import { buildTestApp, runJobs, sameSite, type TestApp } from './helpers/app';
import { validAnswers } from '../support/answers';
import { priceOf } from '../support/prices';
import { placePaidOrder } from './helpers/orders';
import { checkoutForm, makePhotos } from './helpers/photos';
import { signedStripeEvent, startStripeApi, stripeSettings } from './helpers/stripe-api';
import { signInAs } from './helpers/session';

/**
 * A refresh: 20 new portraits of a delivered order's person at the refresh price, made from what the first
 * order's generation kept (the offline generator's framed face crops), without selfies.
 */
describe('[refresh] 20 new portraits of a delivered order, without new selfies', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });
  const refresh = (cookie: string, orderId: string, choices = { attire: ['scrubs'], background: ['clinic'] }) =>
    post(cookie, '/v1/order/refresh', { orderId, ...choices });
  const rows = async (table: typeof portraits | typeof selfies, orderId: string) =>
    Number((await db().select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]!.n);

  /** A customer whose first order (20 portraits) was generated and delivered. */
  async function delivered(email: string) {
    const user = await signInAs(t, email);
    const orderId = await placePaidOrder(t, user.cookie, 'beta');
    expect(await runJobs(t, generateOrderJob)).toBe(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('completed');
    return { ...user, orderId };
  }

  it('makes exactly 20 new portraits at the refresh price from the kept likeness, with the new choices, as an order of its own; refuses a choice not offered, a stranger and a purged order', async () => {
    const ada = await delivered('refresh-ada@example.com');
    // The selfies went after generation; framed face crops of the person stay with the order.
    expect(await rows(selfies, ada.orderId)).toBe(0);
    expect(await t.app.ctx.files.count(`orders/${ada.orderId}/selfies`)).toBe(0);
    expect(await t.app.ctx.files.count(`orders/${ada.orderId}/likeness`)).toBe(6);
    const offer = async () =>
      Object.fromEntries((await post(ada.cookie, '/v1/order/list', {})).json().data.map((o: { id: string; refreshable: boolean }) => [o.id, o.refreshable]));
    expect(await offer()).toEqual({ [ada.orderId]: true });

    // A choice the category does not offer, and someone else's order, are refused.
    const bad = await refresh(ada.cookie, ada.orderId, { attire: ['spacesuit'], background: ['clinic'] });
    expect(bad.json()).toMatchObject({ code: 400, message: 'Invalid attire: "spacesuit" is not offered for Doctor Photos (woman)' });
    const stranger = await signInAs(t, 'refresh-stranger@example.com');
    expect((await refresh(stranger.cookie, ada.orderId)).json()).toMatchObject({ code: 404, message: 'Order not found' });

    const created = await refresh(ada.cookie, ada.orderId);
    expect(created.statusCode).toBe(200);
    const { orderId, clientSecret } = created.json().data;
    const summary = await post(ada.cookie, '/v1/checkout/offline/session', { clientSecret });
    expect(summary.json().data).toMatchObject({ packageId: 'refresh', priceCents: priceOf('refresh'), totalCents: priceOf('refresh') });
    // No coupon applies to a refresh.
    const withCoupon = await post(ada.cookie, '/v1/checkout/offline/pay', { clientSecret, couponCode: 'FIRST30' });
    expect(withCoupon.json()).toMatchObject({ code: 400, message: 'Coupon codes do not apply to a refresh' });
    expect((await post(ada.cookie, '/v1/checkout/offline/pay', { clientSecret })).statusCode).toBe(200);
    // A second refresh of the same order waits until this one is done.
    expect((await refresh(ada.cookie, ada.orderId)).json()).toMatchObject({ code: 409, message: 'A refresh of this order is already on its way' });
    expect(await offer()).toEqual({ [ada.orderId]: false, [orderId]: false });

    expect(await runJobs(t, generateOrderJob)).toBe(1);
    const [made] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(made).toMatchObject({ status: 'completed', imageGenerated: 20, packageId: 'refresh', refreshOf: ada.orderId, amountCents: priceOf('refresh') });
    expect(made!.portraitInfo).toMatchObject({ attire: ['scrubs'], background: ['clinic'], gender: 'woman' });
    expect(await rows(portraits, orderId)).toBe(20);
    expect(await rows(selfies, orderId)).toBe(0);
    // The refresh keeps no likeness of its own: it was made from the first order's.
    expect(await t.app.ctx.files.count(`orders/${orderId}/likeness`)).toBe(0);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ packageId: 'refresh', amountCents: priceOf('refresh'), discountCents: 0 });
    const listed = (await post(ada.cookie, '/v1/order/list', {}))
      .json()
      .data.map((o: { id: string; portraitInfo: { package: string } }) => [o.id, o.portraitInfo.package]);
    expect(listed).toEqual([
      [orderId, 'refresh'],
      [ada.orderId, 'beta'],
    ]);
    expect(await offer()).toEqual({ [ada.orderId]: true, [orderId]: false });
    // A refresh is refreshed through its first order.
    expect((await refresh(ada.cookie, orderId)).json()).toMatchObject({
      code: 409,
      message: 'A refresh is made from the first order; refresh that order instead',
    });

    // The 30-day purge takes the kept likeness, and the offer, with the portraits.
    await purgeOrder(t.app.ctx, ada.orderId, t.app.ctx.clock.now());
    expect(await t.app.ctx.files.count(`orders/${ada.orderId}/likeness`)).toBe(0);
    expect((await refresh(ada.cookie, ada.orderId)).json()).toMatchObject({
      code: 409,
      message: 'Only delivered orders whose portraits are still kept can be refreshed',
    });
    expect(await offer()).toEqual({ [ada.orderId]: false, [orderId]: false });

    // Deleting the account deletes the refresh's files and rows with everything else.
    expect(await rows(portraits, orderId)).toBe(20);
    expect((await post(ada.cookie, '/v1/user/delete', {})).statusCode).toBe(200);
    expect(await t.app.ctx.files.count(`orders/${orderId}`)).toBe(0);
    expect(await rows(portraits, orderId)).toBe(0);
    expect(await db().select().from(orders).where(eq(orders.refreshOf, ada.orderId))).toEqual([]);
  });

  describe('through Stripe', () => {
    let stripe: TestApp;
    let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
    const secret = 'whsec_refresh';
    beforeAll(async () => {
      stripeApi = await startStripeApi();
      stripe = await buildTestApp({ ROLE: 'web', ...stripeSettings(stripeApi.url, secret) });
    });
    afterAll(async () => {
      await stripe.close();
      await stripeApi.close();
    });

    /** Stripe reports the session paid; the order is fulfilled and generated. */
    async function pay(sessionId: string) {
      stripeApi.complete(sessionId);
      const delivered = await stripe.app.inject(
        signedStripeEvent(secret, 'checkout.session.completed', { id: sessionId, object: 'checkout.session' }, `evt_${sessionId}`),
      );
      expect(delivered.statusCode).toBe(200);
      expect(await runJobs(stripe, generateOrderJob)).toBe(1);
    }

    it('sells the refresh at its price with no promotion code, and makes its 20 portraits once paid', async () => {
      const dee = await signInAs(stripe, 'stripe-refresh@example.com');
      const form = checkoutForm(
        (await makePhotos(6)).map((bytes) => ({ bytes })),
        { portraitInfo: validAnswers({ package: 'beta' }) },
      );
      const first = await stripe.app.inject({
        method: 'POST',
        url: '/v1/stripe/checkout/create',
        headers: { cookie: dee.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
        payload: form.payload,
      });
      await pay(first.json().data.sessionId);

      const created = await stripe.app.inject({
        method: 'POST',
        url: '/v1/order/refresh',
        headers: { ...sameSite, cookie: dee.cookie },
        payload: { orderId: first.json().data.orderId, attire: ['scrubs'], background: ['clinic'] },
      });
      expect(created.statusCode).toBe(200);
      const { orderId, sessionId, provider } = created.json().data;
      expect(provider).toBe('stripe');
      const session = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
      expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe(String(priceOf('refresh')));
      expect(session.form.get('allow_promotion_codes')).toBe('false');
      expect(session.form.get('metadata[packageId]')).toBe('refresh');

      await pay(sessionId);
      const [made] = await stripe.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(made).toMatchObject({ status: 'completed', imageGenerated: 20, amountCents: priceOf('refresh') });
    });
  });
});
