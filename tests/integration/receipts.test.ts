import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '@/server/db/schema';
import { afterFirstOrder, firstOrderAmounts, packageOf, priceOf, usd } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';

describe('[receipts] the receipts list and receipt page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A payment row as the checkout writes it, `minutesAgo` before now. */
  async function insertPayment(userId: string, minutesAgo: number, extra: Partial<typeof payments.$inferInsert> = {}) {
    const createdAt = new Date(t.app.ctx.clock.now().getTime() - minutesAgo * 60_000);
    const [row] = await t.app.ctx.database.db
      .insert(payments)
      .values({
        userId,
        provider: 'offline',
        checkoutSessionId: `cs_test_${Math.random().toString(36).slice(2)}`,
        packageId: 'pro',
        priceCents: priceOf('pro'),
        amountCents: priceOf('pro'),
        currency: 'usd',
        createdAt,
        ...extra,
      })
      .returning();
    return row!;
  }

  const list = (headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/stripe/receipts', headers, payload: payload as object });

  it("lists only the caller's payments, newest first, with amounts in cents", async () => {
    const ada = await signInAs(t, 'ada@example.com');
    const bob = await signInAs(t, 'bob@example.com');
    const order = await seedCompletedOrder(t, ada.user.id);
    const older = await insertPayment(ada.user.id, 60, firstOrderAmounts('pro'));
    const newest = await insertPayment(ada.user.id, -1, { receiptUrl: 'https://pay.stripe.com/receipts/x', provider: 'stripe' });
    await insertPayment(bob.user.id, 5);

    const res = await list(ada.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    const receipts = body.data as { id: string; orderId: string | null; createdAt: string; amount: number; currency: string; receiptURL: string | null }[];
    expect(receipts).toHaveLength(3);
    expect(receipts.map((r) => r.id)[0]).toBe(newest.id);
    expect(receipts[0]).toMatchObject({ amount: priceOf('pro'), currency: 'usd', receiptURL: 'https://pay.stripe.com/receipts/x', orderId: null });
    // The seeded order's payment (made "now") sits between the newest and the hour-old one.
    // The card it was paid with, which the refund dialog names.
    expect(receipts[1]).toMatchObject({ orderId: order.id, amount: priceOf('basic'), cardLast4: '4242' });
    expect(receipts[2]).toMatchObject({ id: older.id, amount: afterFirstOrder(priceOf('pro')), receiptURL: null });
    const times = receipts.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(receipts[0]!).sort()).toEqual([
      'amount',
      'cardLast4',
      'createdAt',
      'currency',
      // Gift cards: the card a payment bought, null here.
      'giftCard',
      'id',
      'orderId',
      'receiptURL',
      'refundBlock',
      'refundedAmount',
      'refundedAt',
      'seats',
    ]);
    // The first payment's order was deleted: nothing to refund from here.
    expect(receipts[0]).toMatchObject({ refundedAt: null, refundedAmount: 0, refundBlock: 'deleted' });

    const bobs = (await list(bob.headers)).json().data;
    expect(bobs).toHaveLength(1);
  });

  it('returns at most the last 100 payments', async () => {
    const cyd = await signInAs(t, 'cyd@example.com');
    const rows = Array.from({ length: 105 }, (_, i) => ({
      userId: cyd.user.id,
      provider: 'offline' as const,
      checkoutSessionId: `cs_many_${i}`,
      packageId: 'basic',
      priceCents: priceOf('basic'),
      amountCents: 100 + i,
      currency: 'usd',
      createdAt: new Date(t.app.ctx.clock.now().getTime() - (105 - i) * 60_000),
    }));
    await t.app.ctx.database.db.insert(payments).values(rows);
    const receipts = (await list(cyd.headers)).json().data as { amount: number }[];
    expect(receipts).toHaveLength(100);
    // Newest (i = 104) first; the five oldest are the ones left out.
    expect(receipts[0]!.amount).toBe(204);
    expect(receipts[99]!.amount).toBe(105);
  });

  it('answers an empty list for a customer without payments', async () => {
    const dee = await signInAs(t, 'dee@example.com');
    expect((await list(dee.headers)).json()).toMatchObject({ code: 0, data: [] });
  });

  it('refuses a signed-out caller with 401 and "log in"', async () => {
    const res = await list(sameSite);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/log in/);
  });

  it('refuses anything in the body', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const res = await list(eve.headers, { userId: 'someone-else' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('renders the printable receipt page for its owner', async () => {
    const fay = await signInAs(t, 'fay@example.com');
    const order = await seedCompletedOrder(t, fay.user.id);
    const payment = await insertPayment(fay.user.id, 0, {
      orderId: order.id,
      checkoutSessionId: `cs_fay_${Date.now()}`,
      ...firstOrderAmounts('pro'),
      cardLast4: '4242',
    });
    const res = await t.app.inject({ method: 'GET', url: `/v1/receipts/${payment.id}`, headers: { cookie: fay.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain('Portrait Studio');
    expect(html).toContain(`PS-${payment.id.slice(0, 8).toUpperCase()}`);
    expect(html).toContain(order.id.slice(0, 8).toUpperCase());
    const pro = firstOrderAmounts('pro');
    expect(html).toContain(`Pro package: ${packageOf('pro').portraits} AI portraits`);
    expect(html).toContain(usd(pro.priceCents));
    expect(html).toContain('Discount (FIRST30)');
    expect(html).toContain(`−${usd(pro.discountCents)}`);
    expect(html).toContain(usd(pro.amountCents));
    expect(html).toContain('USD');
    expect(html).toContain('Card ending in 4242 (test mode)');
    expect(html).toContain('>Print</button>');

    const french = await t.app.inject({ method: 'GET', url: `/v1/receipts/${payment.id}?lang=fr`, headers: { cookie: fay.cookie } });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Carte se terminant par 4242 (mode test)');

    // The account's language when the page asks for none; the page's `lang` still wins.
    const set = await t.app.inject({ method: 'POST', url: '/v1/user/language', headers: { ...sameSite, cookie: fay.cookie }, payload: { language: 'de' } });
    expect(set.statusCode).toBe(200);
    const german = await t.app.inject({ method: 'GET', url: `/v1/receipts/${payment.id}`, headers: { cookie: fay.cookie } });
    expect(german.body).toContain('<html lang="de">');
    const asked = await t.app.inject({ method: 'GET', url: `/v1/receipts/${payment.id}?lang=fr`, headers: { cookie: fay.cookie } });
    expect(asked.body).toContain('<html lang="fr">');
  });

  it("answers another customer's receipt exactly like a missing one", async () => {
    const gus = await signInAs(t, 'gus@example.com');
    const hal = await signInAs(t, 'hal@example.com');
    const halsPayment = await insertPayment(hal.user.id, 0);
    const get = (id: string) => t.app.inject({ method: 'GET', url: `/v1/receipts/${id}`, headers: { cookie: gus.cookie } });

    const theirs = await get(halsPayment.id);
    const missing = await get('00000000-0000-4000-8000-000000000000');
    const malformed = await get('not-a-uuid');
    expect(theirs.statusCode).toBe(404);
    for (const other of [missing, malformed]) {
      expect(other.statusCode).toBe(theirs.statusCode);
      expect(other.json()).toEqual(theirs.json());
    }
    expect(theirs.json()).toEqual({ code: 404, message: 'Receipt not found', data: null });
    // The owner still sees it.
    expect((await t.app.inject({ method: 'GET', url: `/v1/receipts/${halsPayment.id}`, headers: { cookie: hal.cookie } })).statusCode).toBe(200);
  });

  it('sends a signed-out visitor of a receipt page to the login page and back', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/receipts/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirectURL=%2Fv1%2Freceipts%2F00000000-0000-4000-8000-000000000000');
  });
});
