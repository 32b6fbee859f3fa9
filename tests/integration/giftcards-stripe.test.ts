import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, payments } from '@/server/db/schema';
import { priceOf } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { signInAs } from './helpers/session';
import { mailsTo } from './helpers/smtp';
import { signedStripeEvent, startStripeApi, stripeSettings } from './helpers/stripe-api';

const WEBHOOK_SECRET = 'whsec_test_gift_cards';

describe('[giftcards] a card bought through Stripe', () => {
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

  it('sells a card as one undiscounted line, pays it once by webhook, mails it once, and refunds it once', async () => {
    const buyer = await signInAs(t, 'stripe-giver@example.com');
    const bought = await post('/v1/giftcards', buyer.cookie, {
      packageId: 'pro',
      delivery: 'mail',
      recipientEmail: 'stripe-friend@example.com',
      language: 'us',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const { giftCardId, sessionId } = bought.json().data;
    expect(bought.json().data).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_portrait' });

    // What Stripe was asked for: one card at the package's price, no coupon, no promotion codes.
    const created = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST').at(-1)!;
    expect(created.form.get('line_items[0][quantity]')).toBe('1');
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe(String(priceOf('pro')));
    expect(created.form.get('metadata[giftCardId]')).toBe(giftCardId);
    expect(created.form.get('allow_promotion_codes')).toBeNull();
    expect([...created.form.keys()].filter((key) => key.startsWith('discounts'))).toEqual([]);
    expect(created.idempotencyKey).toBe(`giftcard-${giftCardId}`);

    // Unpaid: nothing is mailed and the card is not listed.
    expect((await post('/v1/giftcards/confirm', buyer.cookie, { sessionId })).json().data).toMatchObject({ id: giftCardId, state: 'pending', code: null });
    expect((await post('/v1/giftcards/mine', buyer.cookie, {})).json().data.bought).toEqual([]);

    // Paid at Stripe, reported twice by the webhook: one payment, one mail.
    stripeApi.complete(sessionId);
    const event = () => signedStripeEvent(WEBHOOK_SECRET, 'checkout.session.completed', { id: sessionId, object: 'checkout.session' }, `evt_${sessionId}`);
    expect((await t.app.inject(event())).statusCode).toBe(200);
    expect((await t.app.inject(event())).statusCode).toBe(200);
    expect(await db().select().from(payments).where(eq(payments.giftCardId, giftCardId))).toEqual([
      expect.objectContaining({ provider: 'stripe', amountCents: priceOf('pro'), discountCents: 0, paymentIntentId: `pi_${sessionId}` }),
    ]);
    expect(await mailsTo(t.dataDir, 'stripe-friend@example.com')).toHaveLength(1);
    expect((await post('/v1/giftcards/mine', buyer.cookie, {})).json().data.bought[0]).toMatchObject({ id: giftCardId, state: 'sent' });

    // Refunded through Stripe, keyed by the card: asking again gives the same refund.
    const refunded = await post('/v1/giftcards/refund', buyer.cookie, { giftCardId, requestId: randomUUID() });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await post('/v1/giftcards/refund', buyer.cookie, { giftCardId, requestId: randomUUID() })).json().data).toMatchObject({ state: 'refunded' });
    expect(stripeApi.refunds()).toEqual([expect.objectContaining({ amount: priceOf('pro'), payment_intent: `pi_${sessionId}` })]);
    expect(stripeApi.requests.filter((r) => r.path === '/v1/refunds').at(-1)!.idempotencyKey).toBe(`giftcard-refund-${giftCardId}`);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, giftCardId));
    expect(card).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_/) });
  });
});
