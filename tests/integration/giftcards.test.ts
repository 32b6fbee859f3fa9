import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { giftCards, orders } from '@/server/db/schema';
import { generateOrderJob } from '@/server/jobs/definitions';
import { handleResumeGeneration } from '@/server/jobs/handlers';
import { failGeneration } from '@/server/services/orders/order-lifecycle';
import { validAnswers } from '../support/answers';
import { buildTestApp, runJobs, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { checkoutForm, makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { mailsTo, tokenFromMail } from './helpers/smtp';

type Person = Awaited<ReturnType<typeof signInAs>>;
const OPERATOR = 'op@studio.example';
const DAY_MS = 24 * 3600_000;

describe('[giftcards] buy, mail on a date, redeem once, order for free, refund, void', () => {
  // Each test has an app and a clock of its own: cards, their dates, the per-address limit and the
  // overview's totals are per database, so no test may see another's cards.
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let photos: Buffer[];
  beforeAll(async () => {
    photos = await makePhotos(6);
  });
  beforeEach(async () => {
    clock = manualClock(new Date('2026-11-21T09:00:00Z'));
    t = await buildTestApp({ OPERATOR_EMAILS: OPERATOR }, { clock });
  });
  afterEach(() => t.close());

  const db = () => t.app.ctx.database.db;
  let address = 0;
  /** Every call from its own client address unless told, so the per-address limit is the test's choice. */
  const post = (url: string, who: Person, payload: object, remoteAddress = `10.0.0.${++address % 250}`) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload, remoteAddress });
  const codeIn = (text: string) => /GIFT(?:-[2-9A-Z]{4}){5}/.exec(text)?.[0] ?? '';

  /** A paid gift card of `packageId`, bought through the offline checkout. */
  async function buy(buyer: Person, body: Record<string, unknown>) {
    const bought = await post('/v1/giftcards', buyer, { packageId: 'pro', language: 'us', ...body });
    expect(bought.statusCode, bought.body).toBe(200);
    const { clientSecret, giftCardId } = bought.json().data;
    const summary = await post('/v1/checkout/offline/session', buyer, { clientSecret });
    expect(summary.json().data).toMatchObject({ giftCardId, discountCents: 0 });
    expect((await post('/v1/checkout/offline/session', buyer, { clientSecret, couponCode: 'FIRST30' })).statusCode).toBe(400);
    const paid = await post('/v1/checkout/offline/pay', buyer, { clientSecret });
    expect(paid.statusCode, paid.body).toBe(200);
    return giftCardId as string;
  }
  /** The every-minute job, as the scheduler runs it. */
  const minuteSweep = () => handleResumeGeneration(t.app.ctx)();
  const mine = async (who: Person) => (await post('/v1/giftcards/mine', who, {})).json().data;
  const order = (who: Person, giftCardId: string, packageId = 'basic') => {
    const form = checkoutForm(
      photos.map((bytes) => ({ bytes })),
      { portraitInfo: validAnswers({ package: packageId }), giftCardId },
    );
    return t.app.inject({
      method: 'POST',
      url: '/v1/giftcards/order',
      headers: { cookie: who.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
  };

  it('mails a card on its later date once, redeems it from another account for a free order, and refuses it a second time', async () => {
    const buyer = await signInAs(t, 'giver@example.com');
    const friend = await signInAs(t, 'friend@example.com');
    const giftCardId = await buy(buyer, {
      delivery: 'mail',
      recipientEmail: 'friend@example.com',
      recipientName: 'Sam',
      message: 'Happy birthday!',
      language: 'fr',
      sendOn: '2026-11-24',
    });
    // Paid, on the buyer's receipts, scheduled, not mailed before its day.
    const receipts = (await post('/v1/stripe/receipts', buyer, {})).json().data as unknown[];
    expect(receipts).toEqual([expect.objectContaining({ giftCard: { packageId: 'pro' }, orderId: null, seats: null })]);
    expect((await mine(buyer)).bought[0]).toMatchObject({ id: giftCardId, state: 'scheduled', packageId: 'pro' });
    await minuteSweep();
    expect(await mailsTo(t.dataDir, 'friend@example.com')).toHaveLength(0);

    clock.set(new Date('2026-11-24T00:00:30Z'));
    await minuteSweep();
    await minuteSweep();
    const mails = await mailsTo(t.dataDir, 'friend@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('carte cadeau');
    expect(mail.text).toContain('Happy birthday!');
    const code = codeIn(mail.text ?? '');
    expect(code).not.toBe('');
    expect(mail.text).toContain(`/dashboard/giftcards?redeem=${code}`);
    expect((await mine(buyer)).bought[0]).toMatchObject({ state: 'sent' });

    // The code as a person types it: lower case, spaces instead of dashes.
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const checked = await post('/v1/giftcards/check', friend, { code: typed });
    expect(checked.json().data).toMatchObject({ giftCardId, packageId: 'pro' });
    const redeemed = await post('/v1/giftcards/redeem', friend, { code: typed });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const again = await post('/v1/giftcards/redeem', friend, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This gift card has already been redeemed');
    expect((await mine(buyer)).bought[0]).toMatchObject({ state: 'redeemed', refundableUntil: null });
    expect((await post('/v1/giftcards/refund', buyer, { giftCardId, requestId: randomUUID() })).statusCode).toBe(409);

    // The free order: the card's package whatever the form says, nothing paid; the card pays once.
    expect((await order(buyer, giftCardId)).statusCode).toBe(404);
    const placed = await order(friend, giftCardId);
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderId } = placed.json().data;
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ packageId: 'pro', amountCents: 0, status: 'processing', giftCardId, couponCode: null });
    expect((await order(friend, giftCardId)).statusCode).toBe(409);
    expect((await post('/v1/order/info', friend, { orderId })).json().data).toMatchObject({ paidWithGiftCard: true, team: null });
    await runJobs(t, generateOrderJob, { orderId });
    const [done] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(done?.status).toBe('completed');
    // The order cost nothing: its refund is refused, naming gift cards (the buyer refunds an unused card).
    const refund = await post('/v1/order/refund', friend, { orderId });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe('Free orders (beta, paid for by a team, or with a gift card) cannot be refunded');
    expect((await mine(friend)).redeemed).toEqual([expect.objectContaining({ id: giftCardId, orderId })]);
    // Nothing was paid, so nothing is refunded.
    expect((await post('/v1/order/refund', friend, { orderId })).statusCode).toBeGreaterThanOrEqual(400);
    // The friend's first paid order still may take FIRST30: the ledger was not touched.
    const coupon = await t.app.inject({ method: 'GET', url: '/v1/stripe/coupon', headers: friend.headers });
    expect(coupon.statusCode).toBe(200);
  });

  it('gives exactly one of 20 concurrent redemptions the card', async () => {
    const buyer = await signInAs(t, 'race-buyer@example.com');
    await buy(buyer, { delivery: 'print' });
    const card = (await mine(buyer)).bought[0];
    expect(card).toMatchObject({ state: 'sent', delivery: 'print' });
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => signInAs(t, `racer${i}@example.com`)));
    const answers = await Promise.all(people.map((who) => post('/v1/giftcards/redeem', who, { code: card.code })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe('This gift card has already been redeemed');
  });

  it('answers a wrong code 404 and slows an account down after 10 attempts', async () => {
    const guesser = await signInAs(t, 'guesser@example.com');
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/v1/giftcards/redeem', guesser, { code: `GIFT-2222-3333-4444-5555-${String(6666 + i).replace(/[01]/g, '7')}` }, '10.9.9.9');
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe('Gift card not found');
    }
    const limited = await post('/v1/giftcards/redeem', guesser, { code: 'GIFT-2222-3333-4444-5555-6666' }, '10.9.9.10');
    expect(limited.statusCode).toBe(429);
    // Another account from the same address has its own hour: the address counts wrong codes up to
    // GIFT_CARD_WRONG_CODES_PER_IP_PER_HOUR (100; abuse-entitlements.test.ts tests that limit).
    const other = await signInAs(t, 'guesser2@example.com');
    expect((await post('/v1/giftcards/redeem', other, { code: 'nonsense' }, '10.9.9.9')).statusCode).toBe(404);
  });

  it('counts a card on the overview as revenue, not as an order paid', async () => {
    const operator = await signInAs(t, OPERATOR);
    const totals = async () => {
      const days = (await post('/v1/operator/overview', operator, {})).json().data.days as { orders: number; revenueCents: number }[];
      return { orders: days.reduce((n, d) => n + d.orders, 0), revenueCents: days.reduce((n, d) => n + d.revenueCents, 0) };
    };
    const before = await totals();
    await buy(await signInAs(t, 'counted@example.com'), { delivery: 'print', packageId: 'pro' });
    expect(await totals()).toEqual({ orders: before.orders, revenueCents: before.revenueCents + 4500 });
  });

  it('refunds an unredeemed card within 7 days, never after, and the refunded code redeems nothing', async () => {
    const buyer = await signInAs(t, 'refunder@example.com');
    const giftCardId = await buy(buyer, { delivery: 'print', packageId: 'basic' });
    const code = (await mine(buyer)).bought.find((c: { id: string }) => c.id === giftCardId).code;
    const refunded = await post('/v1/giftcards/refund', buyer, { giftCardId, requestId: randomUUID() });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ state: 'refunded', code: null });
    const receipt = ((await post('/v1/stripe/receipts', buyer, {})).json().data as { refundedAmount?: number }[])[0];
    expect(receipt).toBeDefined();
    const friend = await signInAs(t, 'late-friend@example.com');
    const tried = await post('/v1/giftcards/redeem', friend, { code });
    expect(tried.statusCode).toBe(409);

    const late = await buy(buyer, { delivery: 'print' });
    clock.advance(7 * DAY_MS + 60_000);
    const refused = await post('/v1/giftcards/refund', buyer, { giftCardId: late, requestId: randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/within 7 days/);
    // Someone else's card, a malformed id and a missing one answer alike.
    for (const id of [late, 'nonsense', randomUUID()]) {
      const answer = await post('/v1/giftcards/resend', friend, { giftCardId: id });
      expect([answer.statusCode, answer.json().message]).toEqual([404, 'Gift card not found']);
    }
  });

  it('lets an operator void an unredeemed card (audited), and gives a card back when its order fails for good', async () => {
    const buyer = await signInAs(t, 'voided@example.com');
    const operator = await signInAs(t, OPERATOR);
    const giftCardId = await buy(buyer, { delivery: 'mail', recipientEmail: 'void-friend@example.com', language: 'de' });
    expect(await mailsTo(t.dataDir, 'void-friend@example.com')).toHaveLength(1);
    const code = (await mine(buyer)).bought.find((c: { id: string }) => c.id === giftCardId).code;
    const found = await post('/v1/operator/giftcards/search', operator, { query: code.toLowerCase() });
    expect(found.json().data.cards).toEqual([expect.objectContaining({ id: giftCardId, buyerEmail: 'voided@example.com', state: 'sent' })]);
    const byBuyer = await post('/v1/operator/giftcards/search', operator, { query: 'voided@' });
    expect(byBuyer.json().data.cards).toHaveLength(1);
    const resent = await post('/v1/operator/giftcards/resend', operator, { giftCardId, requestId: randomUUID() });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await mailsTo(t.dataDir, 'void-friend@example.com')).toHaveLength(2);
    expect((await post('/v1/operator/giftcards/void', buyer, { giftCardId, requestId: randomUUID() })).statusCode).toBe(404);
    const voided = await post('/v1/operator/giftcards/void', operator, { giftCardId, requestId: randomUUID(), reason: 'reported stolen' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ action: 'voidGiftCard', outcome: 'done', customerEmail: 'voided@example.com' });
    expect((await mine(buyer)).bought.find((c: { id: string }) => c.id === giftCardId)).toMatchObject({ state: 'void' });
    const friend = await signInAs(t, 'void-friend@example.com');
    expect((await post('/v1/giftcards/redeem', friend, { code })).statusCode).toBe(409);
    const overview = (await post('/v1/operator/overview', operator, {})).json().data;
    expect(overview.giftCards.sold).toBe(1);

    // A card whose order fails for good pays for another.
    const second = await buy(buyer, { delivery: 'print', packageId: 'basic' });
    const secondCode = (await mine(buyer)).bought.find((c: { id: string }) => c.id === second).code;
    expect((await post('/v1/giftcards/redeem', friend, { code: secondCode })).statusCode).toBe(200);
    const placed = await order(friend, second);
    expect(placed.statusCode, placed.body).toBe(200);
    await failGeneration(db(), placed.json().data.orderId, 'test', clock.now());
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, second));
    expect(card).toMatchObject({ orderId: null, usedAt: null });
    expect((await order(friend, second)).statusCode).toBe(200);
  });

  it('keeps a deleted buyer’s scheduled card working for its recipient, and frees a card its redeemer deleted before using', async () => {
    const buyer = await signInAs(t, 'leaving-buyer@example.com');
    const sendOn = new Date(clock.now().getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
    const giftCardId = await buy(buyer, { delivery: 'mail', recipientEmail: 'stays@example.com', sendOn });
    expect((await post('/v1/user/delete', buyer, {})).statusCode).toBe(200);
    clock.advance(3 * DAY_MS);
    await minuteSweep();
    const code = codeIn((await mailsTo(t.dataDir, 'stays@example.com'))[0]?.text ?? '');
    const redeemer = await signInAs(t, 'short-lived@example.com');
    expect((await post('/v1/giftcards/redeem', redeemer, { code })).statusCode).toBe(200);
    expect((await post('/v1/user/delete', redeemer, {})).statusCode).toBe(200);
    const stays = await signInAs(t, 'stays@example.com');
    const taken = await post('/v1/giftcards/redeem', stays, { code });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.giftCardId).toBe(giftCardId);
  });

  it('brings a signed-out recipient back to the redeem link once they sign in', async () => {
    const link = '/dashboard/giftcards?redeem=GIFT-2345-6789-ABCD-EFGH-JKMN';
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(302);
    const redirectURL = new URL(page.headers.location as string, 'http://x').searchParams.get('redirectURL');
    expect(redirectURL).toBe(link);
    const email = 'signed-out-friend@example.com';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/loginLink/send',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { email, redirectURL },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = tokenFromMail((await mailsTo(t.dataDir, email)).at(-1)!);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/loginLink/verify',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { token },
    });
    expect(verified.json().data.redirectURL).toBe(link);
  });
});
