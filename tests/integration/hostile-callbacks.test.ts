import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '@/server/db/schema';
import { callbackSecret } from '@/server/providers/generator/astria-callback';
import { validAnswers } from '../support/answers';
import { startAstriaApi } from './helpers/astria-api';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectEnvelope, expectHealthy, hasPoisonKey, storedState } from './helpers/hostile';
import { checkoutForm, makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { startStripeApi } from './helpers/stripe-api';

const WEBHOOK_SECRET = 'whsec_test_hostile_callbacks';
const ASTRIA_KEY = 'sd_test_hostile_callbacks';

/**
 * Forged provider calls. stripe.test.ts already refuses a wrong webhook secret, a tampered body and an
 * empty signature; astria.test.ts checks `verifyCallback` itself and astria-orders.test.ts refuses a wrong
 * callback secret. Here: what those leave out, through HTTP, with proof that nothing was stored or queued.
 */
describe('[hostile] forged Stripe webhooks', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
  let sessionId: string;
  let orderId: string;

  beforeAll(async () => {
    stripeApi = await startStripeApi();
    t = await buildTestApp({
      PUBLIC_URL: 'http://localhost:4321',
      STRIPE_SECRET_KEY: 'sk_test_hostile',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_hostile',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      ROLE: 'web',
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    ({ orderId, sessionId } = await paidAtStripe('webhook-target@example.com'));
  });

  /**
   * A customer's order whose Stripe session is paid: only a forged call stands between the attacker and
   * its fulfilment.
   */
  async function paidAtStripe(email: string) {
    const { cookie } = await signInAs(t, email);
    const form = checkoutForm(
      (await makePhotos(6)).map((bytes) => ({ bytes })),
      { portraitInfo: validAnswers() },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const orderId: string = res.json().data.orderId;
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const sessionId = order!.checkoutSessionId!;
    stripeApi.complete(sessionId);
    return { cookie, orderId, sessionId };
  }
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const eventFor = (id: string) =>
    JSON.stringify({
      id: `evt_${randomBytes(6).toString('hex')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id, object: 'checkout.session' } },
    });
  const sign = (payload: string, options: { secret?: string; timestamp?: number; scheme?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp, scheme: options.scheme });
  const deliver = (payload: string | Buffer, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/v1/stripe/webhook', headers, payload });
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  async function expectRefused(payload: string | Buffer, headers: Record<string, string>, status: number, message: string) {
    const before = await storedState(t);
    const res = await deliver(payload, headers);
    const body = expectEnvelope(res);
    expect(res.statusCode).toBe(status);
    expect(body.message).toBe(message);
    expect(await storedState(t)).toEqual(before);
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending', paidAt: null });
  }

  it('refuses an event with no Stripe-Signature header at all', async () => {
    await expectRefused(eventFor(sessionId), { 'content-type': 'application/json' }, 400, 'Missing Stripe signature');
  });

  it.each([
    ['a timestamp but no v1 signature', (payload: string) => sign(payload).replace(/,v1=.*/, '')],
    ['only a v0 signature', (payload: string) => sign(payload, { scheme: 'v0' })],
    ['a signature from 10 minutes ago (a replayed delivery)', (payload: string) => sign(payload, { timestamp: nowSeconds() - 600 })],
    ['a 100 KB signature header', () => `t=${nowSeconds()},v1=${'a'.repeat(100_000)}`],
    ['a header of garbage', () => '\u0000;;==,,t=,v1='],
  ])('refuses an event with %s', async (_name, header) => {
    const payload = eventFor(sessionId);
    await expectRefused(payload, { 'content-type': 'application/json', 'stripe-signature': header(payload) }, 400, 'Invalid Stripe signature');
  });

  it('refuses a signed empty body', async () => {
    await expectRefused('', { 'content-type': 'application/json', 'stripe-signature': sign('') }, 400, 'Invalid Stripe signature');
  });

  it('refuses a correctly signed event sent as text/plain, saying which type to send', async () => {
    const payload = eventFor(sessionId);
    await expectRefused(payload, { 'content-type': 'text/plain', 'stripe-signature': sign(payload) }, 415, 'Send the event as application/json');
  });

  it('refuses an event body over 1 MiB before looking at it', async () => {
    const payload = JSON.stringify({ id: 'evt_big', type: 'checkout.session.completed', data: { object: { id: sessionId } }, pad: 'x'.repeat(1024 * 1024) });
    await expectRefused(payload, { 'content-type': 'application/json', 'stripe-signature': sign(payload) }, 413, 'Request body is too large');
  });

  it('refuses arbitrary bodies and signatures, storing nothing (fuzzed)', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.constantFrom(eventFor(sessionId)),
      fc.string({ maxLength: 60 }),
    );
    const signature = (payload: string) =>
      fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 60 }),
        fc.stringMatching(/^[0-9a-f]{64}$/).map((hex) => `t=${nowSeconds()},v1=${hex}`),
        fc.constantFrom(sign(payload, { secret: 'whsec_guessed' }), sign(payload, { timestamp: nowSeconds() - 3600 }), sign(`${payload} `)),
      );
    await fc.assert(
      fc.asyncProperty(
        body.chain((payload) => fc.tuple(fc.constant(payload), signature(payload))),
        async ([payload, header]) => {
          const before = await storedState(t);
          const res = await deliver(payload, { 'content-type': 'application/json', ...(header === undefined ? {} : { 'stripe-signature': header }) });
          const envelope = expectEnvelope(res, payload + (header ?? ''));
          expect(res.statusCode).toBe(400);
          expect(envelope.message).toMatch(/^(Missing|Invalid) Stripe signature$/);
          expect(await storedState(t)).toEqual(before);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers Astria callbacks with 404 on a server that does not use Astria', async () => {
    const order = randomUUID();
    const res = await t.app.inject({ method: 'POST', url: `/v1/providers/astria/callback?order=${order}&secret=${callbackSecret(ASTRIA_KEY, order)}` });
    expectEnvelope(res);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Astria is not configured on this server');
  });

  it('is still healthy and fulfils a genuine webhook after forged ones', async () => {
    // An order of its own, so the shared one stays unpaid for the other tests; forged first, then genuine.
    const own = await paidAtStripe('webhook-genuine@example.com');
    const forged = eventFor(own.sessionId);
    for (const header of [sign(forged, { secret: 'whsec_forged' }), sign(forged, { timestamp: nowSeconds() - 600 }), '']) {
      expect((await deliver(forged, { 'content-type': 'application/json', 'stripe-signature': header })).statusCode).toBe(400);
    }
    await expectHealthy(t, own.cookie);
    const payload = eventFor(own.sessionId);
    const res = await deliver(payload, { 'content-type': 'application/json', 'stripe-signature': sign(payload) });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, own.orderId))).toHaveLength(1);
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, own.orderId));
    expect(order!.status).toBe('processing');
  });
});

describe('[hostile] forged Astria callbacks', () => {
  let t: TestApp;
  let astriaApi: Awaited<ReturnType<typeof startAstriaApi>>;
  let cookie: string;
  const order = randomUUID();
  const other = randomUUID();
  const secretOf = (id: string, key = ASTRIA_KEY) => callbackSecret(key, id);

  beforeAll(async () => {
    astriaApi = await startAstriaApi({ apiKey: ASTRIA_KEY });
    // A web-only process: a callback only queues the order's generation job, which nobody works here.
    t = await buildTestApp({ GENERATOR: 'astria', ASTRIA_API_KEY: ASTRIA_KEY, ASTRIA_API_URL: astriaApi.url, ROLE: 'web', RATE_LIMIT_PER_MINUTE: '1000000' });
    cookie = (await signInAs(t, 'astria-customer@example.com')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await astriaApi.close();
  });

  const call = (query: [string, string][], payload?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/providers/astria/callback${query.length > 0 ? `?${new URLSearchParams(query)}` : ''}`,
      // Astria's servers call from another site.
      headers: { origin: 'https://api.astria.ai', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload,
    });

  it.each([
    ['no order and no secret', () => []],
    ['an order without a secret', () => [['order', order]]],
    ['a secret without an order', () => [['secret', secretOf(order)]]],
    [
      'the secret of another order (a forged order id)',
      () => [
        ['order', order],
        ['secret', secretOf(other)],
      ],
    ],
    [
      'a secret made with another API key',
      () => [
        ['order', order],
        ['secret', secretOf(order, 'sd_other_key')],
      ],
    ],
    [
      'the right secret in upper case',
      () => [
        ['order', order],
        ['secret', secretOf(order).toUpperCase()],
      ],
    ],
    [
      'the order id given twice',
      () => [
        ['order', order],
        ['order', other],
        ['secret', secretOf(order)],
      ],
    ],
    [
      'the secret given twice',
      () => [
        ['order', order],
        ['secret', secretOf(order)],
        ['secret', secretOf(order)],
      ],
    ],
    [
      "a path traversal as the order with its victim's secret",
      () => [
        ['order', '../../etc/passwd'],
        ['secret', secretOf(order)],
      ],
    ],
    [
      'an SQL statement as the order',
      () => [
        ['order', "1'; drop table orders; --"],
        ['secret', secretOf(order)],
      ],
    ],
    [
      'an empty order with the secret of the empty string',
      () => [
        ['order', ''],
        ['secret', secretOf('')],
      ],
    ],
  ] as [string, () => [string, string][]][])('refuses a callback with %s and queues nothing', async (_name, query) => {
    const before = await storedState(t);
    const res = await call(query(), JSON.stringify({ id: 1, tune_id: 2 }));
    const body = expectEnvelope(res);
    expect(res.statusCode).toBe(403);
    expect(body.message).toBe('Invalid callback signature');
    expect(await storedState(t)).toEqual(before);
  });

  it('refuses a callback body over 1 MiB, even with the right secret, and queues nothing', async () => {
    const before = await storedState(t);
    const res = await call(
      [
        ['order', order],
        ['secret', secretOf(order)],
      ],
      JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    );
    expectEnvelope(res);
    expect(res.statusCode).toBe(413);
    expect(await storedState(t)).toEqual(before);
  });

  it('refuses arbitrary orders, secrets and bodies, queueing nothing (fuzzed)', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.uuid(),
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.constantFrom(order, other, secretOf(other), secretOf(order, 'sd_x')),
    );
    const param = (name: string) => fc.array(text, { maxLength: 2 }).map((values) => values.map((v) => [name, v] as [string, string]));
    await fc.assert(
      fc.asyncProperty(
        param('order'),
        param('secret'),
        fc.option(
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
          { nil: undefined },
        ),
        async (orders, secrets, payload) => {
          const single = orders.length === 1 && secrets.length === 1;
          fc.pre(!(single && secrets[0]![1] === secretOf(orders[0]![1])));
          const before = await storedState(t);
          const res = await call([...orders, ...secrets], payload);
          const body = expectEnvelope(res, JSON.stringify(orders) + (payload ?? ''));
          if (payload !== undefined && hasPoisonKey(JSON.parse(payload))) {
            // The body parser refuses a prototype-pollution key before any route runs.
            expect(res.statusCode).toBe(400);
            expect(body.message).toMatch(/^Malformed JSON body/);
          } else {
            expect(res.statusCode).toBe(403);
            expect(body.message).toBe('Invalid callback signature');
          }
          expect(await storedState(t)).toEqual(before);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers Stripe webhooks with 404 on a server that does not use Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expectEnvelope(res);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Stripe is not configured on this server');
  });

  it('is still healthy and wakes the order for a genuine callback after the forged ones', async () => {
    await expectHealthy(t, cookie);
    const before = await storedState(t);
    const res = await call(
      [
        ['order', order],
        ['secret', secretOf(order)],
      ],
      JSON.stringify({ id: 1, tune_id: 2 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { received: true } });
    expect((await storedState(t)).rows.generate_jobs).toBe(before.rows.generate_jobs! + 1);
  });
});
