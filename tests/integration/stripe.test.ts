import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, users } from '@/server/db/schema';
import { handleResumeGeneration } from '@/server/jobs/handlers';
import { validAnswers } from '../support/answers';
import { firstOrderAmounts, priceOf } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { checkoutForm, makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { startStripeApi } from './helpers/stripe-api';

const WEBHOOK_SECRET = 'whsec_test_portrait_studio_secret';

describe('[stripe] embedded Checkout and signed webhooks', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
  let photos: Buffer[];

  beforeAll(async () => {
    stripeApi = await startStripeApi();
    photos = await makePhotos(6);
    t = await buildTestApp(stripeEnv());
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  /** A server taking payments through the Stripe stand-in. */
  const stripeEnv = (extra: Record<string, string> = {}) => ({
    PUBLIC_URL: 'http://localhost:4321',
    STRIPE_SECRET_KEY: 'sk_test_portrait',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_portrait',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripeApi.url,
    ...extra,
  });

  /** A new customer of `app` uploads six selfies with `answers`; the raw answer of the checkout call. */
  async function postCheckout(app: TestApp, email: string, answers = validAnswers()) {
    const user = await signInAs(app, email);
    const form = checkoutForm(
      photos.map((bytes) => ({ bytes })),
      { portraitInfo: answers },
    );
    const res = await app.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie: user.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
    return { user, res };
  }

  async function startCheckout(email: string, answers = validAnswers()) {
    const { user, res } = await postCheckout(t, email, answers);
    expect(res.statusCode).toBe(200);
    return { user, ...res.json().data };
  }

  function signedEvent(
    sessionId: string,
    eventId = `evt_${Math.random().toString(36).slice(2)}`,
    secret = WEBHOOK_SECRET,
    type = 'checkout.session.completed',
  ) {
    const payload = JSON.stringify({ id: eventId, object: 'event', type, data: { object: { id: sessionId, object: 'checkout.session' } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, signature };
  }
  const deliver = ({ payload, signature }: { payload: string; signature: string }) =>
    t.app.inject({ method: 'POST', url: '/v1/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('creates an embedded Checkout Session priced from the catalog, for the customer, with the order in metadata', async () => {
    // What this test's checkout asked of Stripe, whatever the other tests asked before it.
    const mark = stripeApi.requests.length;
    const { orderId, clientSecret, provider, publishableKey, user } = await startCheckout('ada@example.com');
    expect({ provider, publishableKey }).toEqual({ provider: 'stripe', publishableKey: 'pk_test_portrait' });
    expect(clientSecret).toMatch(/^cs_test_recorded_\d+_secret_/);
    const customer = stripeApi.requests.slice(mark).find((r) => r.path === '/v1/customers')!;
    expect(customer.form.get('email')).toBe('ada@example.com');
    expect(customer.form.get('metadata[userId]')).toBe(user.user.id);
    const created = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(Object.fromEntries(created.form)).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'payment',
      customer: 'cus_TestCustomer01',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(priceOf('pro')),
      'metadata[orderId]': orderId,
      'payment_intent_data[metadata][orderId]': orderId,
      allow_promotion_codes: 'true',
      redirect_on_completion: 'if_required',
    });
    expect(created.form.get('return_url')).toBe('http://localhost:4321/dashboard/myOrders?session_id={CHECKOUT_SESSION_ID}');
    expect(created.idempotencyKey).toBe(`checkout-${orderId}`);
    // FIRST30 exists as a promotion code limited to first-time customers.
    const promo = stripeApi.requests.find((r) => r.path === '/v1/promotion_codes' && r.method === 'POST')!;
    expect(Object.fromEntries(promo.form)).toMatchObject({
      code: 'FIRST30',
      'restrictions[first_time_transaction]': 'true',
      'promotion[coupon]': 'portrait-studio-first30',
    });
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.checkoutSessionId).toMatch(/^cs_test_recorded_/);
  });

  it("keeps each user's Stripe customer per mode: live keys never reuse a test-mode customer", async () => {
    await startCheckout('two-modes@example.com');
    const customerOf = async (app: TestApp) => (await app.app.ctx.database.db.select().from(users).where(eq(users.email, 'two-modes@example.com')))[0]!;
    expect(await customerOf(t)).toMatchObject({ stripeCustomerId: 'cus_TestCustomer01', stripeCustomerMode: 'test' });

    // The same account after the switch to live keys (its row as the test-mode checkout left it).
    const live = await buildTestApp(
      stripeEnv({ STRIPE_SECRET_KEY: 'sk_live_portrait', STRIPE_PUBLISHABLE_KEY: 'pk_live_portrait', PUBLIC_URL: 'https://portraits.example.com' }),
    );
    try {
      await signInAs(live, 'two-modes@example.com');
      await live.app.ctx.database.db
        .update(users)
        .set({ stripeCustomerId: 'cus_TestCustomer01', stripeCustomerMode: 'test' })
        .where(eq(users.email, 'two-modes@example.com'));
      const before = stripeApi.requests.length;
      const { res } = await postCheckout(live, 'two-modes@example.com');
      expect(res.statusCode).toBe(200);
      const made = stripeApi.requests.slice(before);
      expect(made.filter((r) => r.path === '/v1/customers' && r.method === 'POST')).toHaveLength(1);
      expect(made.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!.form.get('customer')).toBe('cus_LiveCustomer01');
      expect(await customerOf(live)).toMatchObject({ stripeCustomerId: 'cus_LiveCustomer01', stripeCustomerMode: 'live' });
    } finally {
      await live.close();
    }

    // In test mode the stored test customer is used as it is: no new customer.
    const before = stripeApi.requests.length;
    const { res } = await postCheckout(t, 'two-modes@example.com');
    expect(res.statusCode).toBe(200);
    const made = stripeApi.requests.slice(before);
    expect(made.filter((r) => r.path === '/v1/customers')).toHaveLength(0);
    expect(made.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')!.form.get('customer')).toBe('cus_TestCustomer01');
  });

  it('applies the beta package as a 100% discount instead of promotion codes', async () => {
    await startCheckout('beta@example.com', validAnswers({ package: 'beta' }));
    const created = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(created.form.get('discounts[0][coupon]')).toBe('portrait-studio-beta-100');
    expect(created.form.get('allow_promotion_codes')).toBeNull();
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe(String(priceOf('beta')));
  });

  it('fulfils a paid session once, however many times the webhook repeats', async () => {
    const { orderId } = await startCheckout('repeat@example.com');
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const pro = firstOrderAmounts('pro');
    stripeApi.complete(order!.checkoutSessionId!, { discount: pro.discountCents, promotionCode: 'FIRST30' });
    const event = signedEvent(order!.checkoutSessionId!);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(signedEvent(order!.checkoutSessionId!))).statusCode).toBe(200);

    const recorded = await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      provider: 'stripe',
      amountCents: pro.amountCents,
      discountCents: pro.discountCents,
      couponCode: 'FIRST30',
      cardLast4: '4242',
      paymentIntentId: `pi_${order!.checkoutSessionId}`,
      receiptUrl: `https://pay.stripe.com/receipts/payment/${order!.checkoutSessionId}`,
    });
    const [paid] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ status: 'processing', amountCents: pro.amountCents });
  });

  it('fulfils once when deliveries race', async () => {
    const { orderId } = await startCheckout('race@example.com');
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    stripeApi.complete(order!.checkoutSessionId!);
    const results = await Promise.all(Array.from({ length: 6 }, () => deliver(signedEvent(order!.checkoutSessionId!))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
  });

  it('does not fulfil a session Stripe says is unpaid, whatever the event claims', async () => {
    const { orderId } = await startCheckout('unpaid@example.com');
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect((await deliver(signedEvent(order!.checkoutSessionId!))).statusCode).toBe(200);
    const [still] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(still).toMatchObject({ status: 'pending', paidAt: null });
  });

  const sessionOf = async (orderId: string) => (await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.checkoutSessionId!;
  const orderRow = async (orderId: string) => (await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const paymentsOf = (orderId: string) => t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const confirm = (cookie: string, sessionId: string) =>
    t.app.inject({ method: 'POST', url: '/v1/stripe/checkout/confirm', headers: { ...sameSite, cookie }, payload: { sessionId } });

  it('lets the session expire with the beta hold, an hour after it was created', async () => {
    const before = Math.floor(Date.now() / 1000);
    await startCheckout('expiry@example.com');
    const created = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    const expiresAt = Number(created.form.get('expires_at'));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
  });

  it('fulfils a paid session whose webhook never came, once, from the every-minute sweep', async () => {
    const { orderId } = await startCheckout('lost-webhook@example.com');
    const sweep = handleResumeGeneration(t.app.ctx);
    await sweep();
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', paidAt: null });

    stripeApi.complete(await sessionOf(orderId));
    await sweep();
    await sweep();
    expect(await orderRow(orderId)).toMatchObject({ status: 'processing', amountCents: priceOf('pro') });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    // The webhook arriving late changes nothing.
    expect((await deliver(signedEvent(await sessionOf(orderId)))).statusCode).toBe(200);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('checks the payment at once when the customer comes back from paying, and only for its owner', async () => {
    const { orderId, sessionId, user } = await startCheckout('return@example.com');
    expect(sessionId).toBe(await sessionOf(orderId));
    const early = await confirm(user.cookie, sessionId);
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toEqual({ orderId, status: 'pending' });

    stripeApi.complete(sessionId);
    const stranger = await signInAs(t, 'stranger@example.com');
    const foreign = await confirm(stranger.cookie, sessionId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Checkout session not found');
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending' });
    expect((await confirm(user.cookie, 'cs_test_unknown')).statusCode).toBe(404);

    const paid = await confirm(user.cookie, sessionId);
    expect(paid.json().data).toEqual({ orderId, status: 'processing' });
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect((await confirm(user.cookie, sessionId)).json().data).toEqual({ orderId, status: 'processing' });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('deletes an order whose checkout expired unpaid, with its selfies, and releases its beta seat', async () => {
    const seats = await buildTestApp(stripeEnv({ BETA_SEATS: '1' }));
    try {
      const start = (email: string) => postCheckout(seats, email, validAnswers({ package: 'beta' }));
      const first = await start('first-beta@example.com');
      expect(first.res.statusCode).toBe(200);
      const { orderId, sessionId } = first.res.json().data;
      expect(await seats.app.ctx.files.count(`orders/${orderId}`)).toBe(6);
      const waiting = await start('second-beta@example.com');
      expect(waiting.res.statusCode).toBe(409);
      expect(waiting.res.json().message).toBe('All beta spots are taken; please choose another package');

      stripeApi.expire(sessionId);
      const event = signedEvent(sessionId, undefined, WEBHOOK_SECRET, 'checkout.session.expired');
      const res = await seats.app.inject({
        method: 'POST',
        url: '/v1/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
      expect(res.statusCode).toBe(200);
      expect(await seats.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
      expect(await seats.app.ctx.files.count(`orders/${orderId}`)).toBe(0);
      const gone = await seats.app.inject({
        method: 'POST',
        url: '/v1/stripe/checkout/confirm',
        headers: { ...sameSite, cookie: first.user.cookie },
        payload: { sessionId },
      });
      expect(gone.statusCode).toBe(404);

      expect((await start('second-beta@example.com')).res.statusCode).toBe(200);
    } finally {
      await seats.close();
    }
  });

  it('fails the order and deletes its selfies when a delayed payment fails, not while it is still settling', async () => {
    const { orderId, sessionId, user } = await startCheckout('debit@example.com');
    stripeApi.failPayment(sessionId, { settling: true });
    expect((await confirm(user.cookie, sessionId)).json().data).toEqual({ orderId, status: 'pending' });
    expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(6);

    stripeApi.failPayment(sessionId);
    const res = await deliver(signedEvent(sessionId, undefined, WEBHOOK_SECRET, 'checkout.session.async_payment_failed'));
    expect(res.statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', paidAt: null, failureReason: 'The payment did not go through; nothing was charged' });
    expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(0);
    expect(await paymentsOf(orderId)).toHaveLength(0);
    const list = await t.app.inject({ method: 'POST', url: '/v1/order/list', headers: { ...sameSite, cookie: user.cookie }, payload: {} });
    expect(list.json().data).toEqual([expect.objectContaining({ id: orderId, status: 'failed' })]);
  });

  it.each([
    ['a wrong secret', (id: string) => signedEvent(id, 'evt_forged', 'whsec_wrong_secret')],
    [
      'a tampered body',
      (id: string) => ({ ...signedEvent(id), payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: { id } } }) }),
    ],
    ['no signature', (id: string) => ({ payload: signedEvent(id).payload, signature: '' })],
  ])('refuses a webhook with %s', async (_name, build) => {
    const { orderId } = await startCheckout(`forged-${Math.random()}@example.com`);
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    stripeApi.complete(order!.checkoutSessionId!);
    const res = await deliver(build(order!.checkoutSessionId!));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/signature/i);
    expect(await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
  });
});
