import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, seatPurchases } from '@/server/db/schema';
import { priceOf } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { signInAs } from './helpers/session';
import { signedStripeEvent, startStripeApi, stripeSettings } from './helpers/stripe-api';

const WEBHOOK_SECRET = 'whsec_test_team_seats';

describe('[teams] seats bought through Stripe', () => {
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
  beforeAll(async () => {
    stripeApi = await startStripeApi();
    t = await buildTestApp({ ROLE: 'web', PUBLIC_URL: 'http://localhost:4321', ...stripeSettings(stripeApi.url, WEBHOOK_SECRET) });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const db = () => t.app.ctx.database.db;
  const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });

  it('sells seats as one line with a quantity and no discount, counts them once paid (confirm or webhook), and refunds unused ones', async () => {
    const owner = await signInAs(t, 'stripe-boss@acme.example');
    const teamId = (await post('/v1/team/create', owner.cookie, { name: 'Acme' })).json().data.id as string;
    const seats = async () => (await post('/v1/team/mine', owner.cookie, {})).json().data.admin.seats;

    const bought = await post('/v1/team/seats/buy', owner.cookie, { teamId, packageId: 'pro', quantity: 3 });
    expect(bought.statusCode, bought.body).toBe(200);
    const { purchaseId, sessionId } = bought.json().data;
    expect(bought.json().data).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_portrait', clientSecret: expect.stringContaining('_secret_') });

    // What Stripe was asked for: one line, 3 seats at the package's price, no coupon, no promotion codes.
    const created = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(created.form.get('line_items[0][quantity]')).toBe('3');
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe(String(priceOf('pro')));
    expect(created.form.get('line_items[1][quantity]')).toBeNull();
    expect(created.form.get('metadata[purchaseId]')).toBe(purchaseId);
    expect(created.form.get('allow_promotion_codes')).toBeNull();
    expect([...created.form.keys()].filter((key) => key.startsWith('discounts'))).toEqual([]);
    expect(created.idempotencyKey).toBe(`seats-${purchaseId}`);

    // Unpaid: confirming changes nothing.
    expect((await post('/v1/team/seats/confirm', owner.cookie, { sessionId })).json().data).toMatchObject({ purchaseId, status: 'open' });
    expect(await seats()).toMatchObject({ bought: 0, free: 0 });

    // Paid at Stripe: the confirm call reads it back; the payment is the receipt, for 3 seats.
    stripeApi.complete(sessionId);
    expect((await post('/v1/team/seats/confirm', owner.cookie, { sessionId })).json().data).toEqual({ purchaseId, teamId, status: 'paid' });
    expect(await seats()).toEqual({ bought: 3, used: 0, free: 3 });
    const [payment] = await db().select().from(payments).where(eq(payments.seatPurchaseId, purchaseId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      amountCents: 3 * priceOf('pro'),
      discountCents: 0,
      paymentIntentId: `pi_${sessionId}`,
      cardLast4: '4242',
    });
    expect(payment!.receiptUrl).toBe(`https://pay.stripe.com/receipts/payment/${sessionId}`);

    // A second purchase, settled by the webhook alone; delivered twice, it counts once.
    const more = (await post('/v1/team/seats/buy', owner.cookie, { teamId, packageId: 'pro', quantity: 2 })).json().data;
    stripeApi.complete(more.sessionId);
    const event = () =>
      signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', { id: more.sessionId, object: 'checkout.session' }, `evt_${more.sessionId}`);
    expect((await t.app.inject(event())).statusCode).toBe(200);
    expect((await t.app.inject(event())).statusCode).toBe(200);
    expect(await seats()).toEqual({ bought: 5, used: 0, free: 5 });
    expect(await db().select().from(payments).where(eq(payments.seatPurchaseId, more.purchaseId))).toHaveLength(1);

    // Another package for the same team is refused, naming the field.
    const other = await post('/v1/team/seats/buy', owner.cookie, { teamId, packageId: 'basic', quantity: 1 });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/^Invalid packageId: /);

    // The first purchase's 3 unused seats come back through a Stripe refund of its PaymentIntent, once.
    const requestId = randomUUID();
    const refund = await post('/v1/team/seats/refund', owner.cookie, { teamId, purchaseId, requestId });
    expect(refund.json().data).toEqual({ refundedSeats: 3, amountCents: 3 * priceOf('pro'), currency: 'usd' });
    expect((await post('/v1/team/seats/refund', owner.cookie, { teamId, purchaseId, requestId })).json().data).toEqual(refund.json().data);
    expect(stripeApi.refunds()).toEqual([expect.objectContaining({ amount: 3 * priceOf('pro'), payment_intent: `pi_${sessionId}` })]);
    const refundCall = stripeApi.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(refundCall.idempotencyKey).toBe(`seat-refund-${purchaseId}-0+3`);
    const [after] = await db().select().from(seatPurchases).where(eq(seatPurchases.id, purchaseId));
    expect(after).toMatchObject({ refundedSeats: 3, refundedCents: 3 * priceOf('pro') });
    expect(await seats()).toEqual({ bought: 2, used: 0, free: 2 });
  });
});
