import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, payments, referralCredits, referrals } from '@/server/db/schema';
import { generateOrderJob } from '@/server/jobs/definitions';
import { CHECKOUT_SESSION_TTL_MS } from '@/server/providers/payments/index';
import { settleOpenCheckouts } from '@/server/services/checkout/settle-open-checkouts';
import { REFERRAL_PROGRAM } from '@/shared/catalog/packages';
import { first30Cents } from '@/shared/referrals';
import { priceOf, usd } from '../support/prices';
import { buildTestApp, runJobs, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { countingGenerator } from './helpers/counting-generator';
import { startCheckout } from './helpers/orders';
import { makePhotos } from './helpers/photos';
import { arriveAndSignIn as arriveAndSignInAs } from './helpers/referrals';
import { mailedToken, verifyLink } from './helpers/login-link';
import { signInAs } from './helpers/session';

/**
 * Referrals, end to end through the API (docs/decisions.md, "Referrals"): a newcomer arriving by a
 * customer's link gets a first-order discount (or FIRST30, whichever takes more), and the customer earns a
 * credit once the friend's paid order is past its refund window, usable at their own checkout.
 */

const DAY_MS = 24 * 3600_000;
const OPERATOR = 'ops@studio.example';
const { friendDiscountCents, referrerCreditCents, windowDays, creditsPerMonth } = REFERRAL_PROGRAM;

describe('[referrals] links, the friend discount and the referrer credit', () => {
  // Each test has an app and a clock of its own: credits, caps and the console's totals are per
  // database and per month, so no test may see another's friends.
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  let photos: Buffer[];
  beforeAll(async () => {
    photos = await makePhotos(6);
  });
  beforeEach(async () => {
    clock = manualClock(new Date('2026-11-03T09:00:00Z'));
    t = await buildTestApp({ OPERATOR_EMAILS: OPERATOR }, { clock, generator: countingGenerator().generator });
  });
  afterEach(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (cookie: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });
  const page = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/referrals/mine', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  /** A customer with their referral link (made when their page is first opened). */
  async function referrer(email: string) {
    const who = await signInAs(t, email);
    const { link, code } = await page(who.cookie);
    return { ...who, link: link as string, code: code as string };
  }

  const arriveAndSignIn = (code: string, email: string, existingCookie?: string) => arriveAndSignInAs(t, code, email, existingCookie);

  /** Starts a checkout for `packageId`; answers the created order and its offline session summary. */
  async function checkout(cookie: string, packageId: string, couponCode?: string) {
    const created = await startCheckout(t, cookie, packageId, photos);
    expect(created.statusCode, created.body).toBe(200);
    const { orderId, clientSecret } = created.json().data;
    const summary = await post(cookie, '/v1/checkout/offline/session', { clientSecret, ...(couponCode ? { couponCode } : {}) });
    expect(summary.statusCode, summary.body).toBe(200);
    return { orderId: orderId as string, clientSecret: clientSecret as string, summary: summary.json().data };
  }

  async function pay(cookie: string, clientSecret: string, couponCode?: string) {
    const paid = await post(cookie, '/v1/checkout/offline/pay', { clientSecret, ...(couponCode ? { couponCode } : {}) });
    expect(paid.json(), paid.body).toMatchObject({ code: 0 });
  }

  const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

  it('gives a friend who signs up by the link the discount on their first order, and shows the referrer the friend and the pending credit', async () => {
    const ann = await referrer('ann@example.com');
    expect(ann.link).toBe(`${t.config.publicUrl}/r/${ann.code}`);
    expect(ann.code).toMatch(/^[2-9A-HJKMNP-Z]{13}$/);
    expect((await page(ann.cookie)).code).toBe(ann.code);

    const bob = await arriveAndSignIn(ann.code, 'bob@example.com');
    expect((await page(bob)).welcome).toEqual({ discountCents: friendDiscountCents, open: true });
    const { orderId, clientSecret, summary } = await checkout(bob, 'pro');
    expect(summary).toMatchObject({
      priceCents: priceOf('pro'),
      discountCents: friendDiscountCents,
      referralDiscountCents: friendDiscountCents,
      creditCents: 0,
      totalCents: priceOf('pro') - friendDiscountCents,
      couponCode: 'FRIEND',
    });
    await pay(bob, clientSecret);
    const paidAt = clock.now();
    expect(await orderRow(orderId)).toMatchObject({ amountCents: priceOf('pro') - friendDiscountCents, referralDiscountCents: friendDiscountCents });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ amountCents: priceOf('pro') - friendDiscountCents, referralDiscountCents: friendDiscountCents });
    // The receipt names the discount.
    const receipt = await t.app.inject({ method: 'GET', url: `/v1/receipts/${payment!.id}`, headers: { cookie: bob } });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toMatch(new RegExp(`Friend(&#39;|&#x27;|')s welcome</td><td class="num">−${usd(friendDiscountCents).replace('$', '\\$')}`));

    // A second order is not a first order: the full price.
    expect((await checkout(bob, 'pro')).summary).toMatchObject({ discountCents: 0, totalCents: priceOf('pro'), couponCode: null });
    expect((await page(bob)).welcome).toEqual({ discountCents: friendDiscountCents, open: false });

    const seen = await page(ann.cookie);
    expect(seen.friends).toEqual([{ masked: 'b•••@example.com', joinedAt: paidAt.toISOString(), state: 'ordered' }]);
    expect(seen.credits).toEqual({
      availableCents: 0,
      pending: [{ amountCents: referrerCreditCents, availableAt: new Date(paidAt.getTime() + windowDays * DAY_MS).toISOString() }],
      usedCents: 0,
    });
    expect(seen.creditsThisMonth).toBe(1);
  });

  it("says before payment that a friend's discount no longer applies when another order was paid first, and charges what it shows", async () => {
    const ann = await referrer('ann-two-tabs@example.com');
    const cal = await arriveAndSignIn(ann.code, 'cal@example.com');
    // Two checkouts, both started with the friend's discount (two tabs); the second is paid first.
    const first = await checkout(cal, 'pro');
    const second = await checkout(cal, 'basic');
    expect(first.summary).toMatchObject({ discountCents: friendDiscountCents, couponCode: 'FRIEND' });
    await pay(cal, second.clientSecret);

    const later = await post(cal, '/v1/checkout/offline/session', { clientSecret: first.clientSecret });
    expect(later.json().data).toMatchObject({
      priceCents: priceOf('pro'),
      discountCents: 0,
      referralDiscountCents: 0,
      totalCents: priceOf('pro'),
      couponCode: null,
      discountNote: 'friendGone',
    });
    await pay(cal, first.clientSecret);
    expect(await orderRow(first.orderId)).toMatchObject({ status: 'processing', amountCents: priceOf('pro'), referralDiscountCents: 0 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, first.orderId));
    expect(payment).toMatchObject({ amountCents: priceOf('pro'), referralDiscountCents: 0, discountCents: 0 });
  });

  it('pays what the dialog showed when it sends back the code the summary kept (FIRST30 typed, the friend discount better)', async () => {
    const kay = await referrer('kay@example.com');
    const lou = await arriveAndSignIn(kay.code, 'lou@example.com');
    const order = await checkout(lou, 'basic', 'FIRST30');
    expect(order.summary).toMatchObject({ couponCode: 'FRIEND', discountNote: 'friendBetter', totalCents: priceOf('basic') - friendDiscountCents });
    await pay(lou, order.clientSecret, order.summary.couponCode);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'processing',
      couponCode: 'FRIEND',
      amountCents: priceOf('basic') - friendDiscountCents,
      referralDiscountCents: friendDiscountCents,
    });
  });

  it('applies the better of the friend discount and FIRST30, never both', async () => {
    const cat = await referrer('cat@example.com');
    // Basic: 30% is less than the friend's discount, which stays.
    const dan = await arriveAndSignIn(cat.code, 'dan@example.com');
    expect(first30Cents(priceOf('basic'))).toBeLessThan(friendDiscountCents);
    const basic = await checkout(dan, 'basic', 'FIRST30');
    expect(basic.summary).toMatchObject({ discountCents: friendDiscountCents, couponCode: 'FRIEND', discountNote: 'friendBetter' });
    // The dialog sends back the code the summary kept: it pays what the summary showed.
    for (const code of ['FRIEND', 'friend ']) {
      const again = await post(dan, '/v1/checkout/offline/session', { clientSecret: basic.clientSecret, couponCode: code });
      expect(again.json().data, code).toMatchObject({
        discountCents: friendDiscountCents,
        couponCode: 'FRIEND',
        totalCents: priceOf('basic') - friendDiscountCents,
      });
    }
    await post(dan, '/v1/order/discard', { orderId: basic.orderId });

    // Executive: 30% takes more, and replaces it.
    expect(first30Cents(priceOf('executive'))).toBeGreaterThan(friendDiscountCents);
    const exec = await checkout(dan, 'executive', 'FIRST30');
    expect(exec.summary).toMatchObject({
      discountCents: first30Cents(priceOf('executive')),
      totalCents: priceOf('executive') - first30Cents(priceOf('executive')),
      referralDiscountCents: 0,
      couponCode: 'FIRST30',
      discountNote: 'first30Better',
    });
    await pay(dan, exec.clientSecret, 'FIRST30');
    expect(await orderRow(exec.orderId)).toMatchObject({
      couponCode: 'FIRST30',
      discountCents: first30Cents(priceOf('executive')),
      referralDiscountCents: 0,
    });
    // Either discount, the friend's first paid order earns the referrer's credit.
    expect((await page(cat.cookie)).friends).toMatchObject([{ masked: 'd•••@example.com', state: 'ordered' }]);
  });

  it("keeps the referrer's credit pending until day 7, then holds it on one of two checkouts, gives it back when that checkout expires, and spends it once paid", async () => {
    const eve = await referrer('eve@example.com');
    const fay = await arriveAndSignIn(eve.code, 'fay@example.com');
    const friendOrder = await checkout(fay, 'basic');
    await pay(fay, friendOrder.clientSecret);

    // Day 6: still pending, nothing off eve's order.
    clock.advance((windowDays - 1) * DAY_MS);
    expect((await page(eve.cookie)).credits.availableCents).toBe(0);
    const early = await checkout(eve.cookie, 'pro');
    expect(early.summary).toMatchObject({ discountCents: 0, creditCents: 0, totalCents: priceOf('pro') });
    await post(eve.cookie, '/v1/order/discard', { orderId: early.orderId });

    // Day 7: usable; the friend shows as credited.
    clock.advance(DAY_MS);
    const due = await page(eve.cookie);
    expect(due.credits).toEqual({ availableCents: referrerCreditCents, pending: [], usedCents: 0 });
    expect(due.friends).toMatchObject([{ state: 'credited' }]);

    // Two checkouts at once: the credit is held on exactly one of them.
    const both = await Promise.all([startCheckout(t, eve.cookie, 'pro', photos), startCheckout(t, eve.cookie, 'pro', photos)]);
    const rows = await Promise.all(both.map((res) => orderRow(res.json().data.orderId)));
    expect(rows.map((r) => r.creditCents).sort()).toEqual([0, referrerCreditCents]);
    const held = rows.find((r) => r.creditCents > 0)!;
    expect(held).toMatchObject({ discountCents: referrerCreditCents, amountCents: priceOf('pro') - referrerCreditCents, couponCode: 'CREDIT' });
    expect((await page(eve.cookie)).credits.availableCents).toBe(referrerCreditCents);

    // Both checkouts expire unpaid: the credit is usable again.
    clock.advance(CHECKOUT_SESSION_TTL_MS + 1000);
    await settleOpenCheckouts(t.app.ctx);
    const [credit] = await db().select().from(referralCredits).where(eq(referralCredits.orderId, held.id));
    expect(credit).toBeUndefined();

    const paying = await checkout(eve.cookie, 'pro');
    expect(paying.summary).toMatchObject({
      discountCents: referrerCreditCents,
      creditCents: referrerCreditCents,
      totalCents: priceOf('pro') - referrerCreditCents,
    });
    await pay(eve.cookie, paying.clientSecret);
    expect(await orderRow(paying.orderId)).toMatchObject({ creditCents: referrerCreditCents, amountCents: priceOf('pro') - referrerCreditCents });
    expect((await page(eve.cookie)).credits).toEqual({ availableCents: 0, pending: [], usedCents: referrerCreditCents });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, paying.orderId));
    const receipt = await t.app.inject({ method: 'GET', url: `/v1/receipts/${payment!.id}`, headers: { cookie: eve.cookie } });
    expect(receipt.body).toContain('Referral credit</td>');
    expect(receipt.body).not.toContain('CREDIT');
    expect((await checkout(eve.cookie, 'pro')).summary).toMatchObject({ creditCents: 0, totalCents: priceOf('pro') });
  });

  it("gives no credit for a friend's order refunded in its window", async () => {
    const gus = await referrer('gus@example.com');
    const hal = await arriveAndSignIn(gus.code, 'hal@example.com');
    const friendOrder = await checkout(hal, 'basic');
    await pay(hal, friendOrder.clientSecret);
    await runJobs(t, generateOrderJob, { orderId: friendOrder.orderId });
    expect((await orderRow(friendOrder.orderId)).status).toBe('completed');
    clock.advance(DAY_MS);
    const refunded = await post(hal, '/v1/order/refund', { orderId: friendOrder.orderId });
    expect(refunded.json(), refunded.body).toMatchObject({ code: 0 });

    clock.advance(windowDays * DAY_MS);
    const seen = await page(gus.cookie);
    expect(seen.friends).toMatchObject([{ masked: 'h•••@example.com', state: 'refunded' }]);
    expect(seen.credits).toEqual({ availableCents: 0, pending: [], usedCents: 0 });
    expect((await checkout(gus.cookie, 'pro')).summary).toMatchObject({ creditCents: 0, totalCents: priceOf('pro') });
  });

  it('refuses self-referral: the same account, the same address spelt differently, and an address deleted and signed up again', async () => {
    const ivy = await referrer('Ivy.Stone@gmail.com');
    // The same account opening its own link and signing in: nothing is recorded, the cookie is cleared.
    // (Signing in again starts a new session: Ivy's page is read with it from here.)
    const ivySession = await arriveAndSignIn(ivy.code, 'ivy.stone@gmail.com', ivy.cookie);
    // The same mailbox under another spelling is the same person.
    const alias = await arriveAndSignIn(ivy.code, 'ivystone+promo@googlemail.com');
    expect((await page(alias)).welcome).toBeNull();
    expect((await checkout(alias, 'pro')).summary).toMatchObject({ discountCents: 0, couponCode: null });

    // A friend referred once, who deletes the account and signs up again by the link: still one referral.
    const jo = await arriveAndSignIn(ivy.code, 'jo@example.com');
    expect((await post(jo, '/v1/user/delete')).json()).toMatchObject({ code: 0 });
    const joAgain = await arriveAndSignIn(ivy.code, 'jo@example.com');
    const seen = await page(ivySession);
    expect(seen.friends).toMatchObject([{ masked: 'j•••@example.com', state: 'joined' }]);
    // And the person's discount is still the one first order's: paying once ends it.
    const order = await checkout(joAgain, 'pro');
    expect(order.summary).toMatchObject({ discountCents: friendDiscountCents });

    // A person who already had a paid order is no newcomer: deleted and signed up again by a link, no referral.
    const kim = await signInAs(t, 'kim@example.com');
    const kimOrder = await checkout(kim.cookie, 'basic');
    await pay(kim.cookie, kimOrder.clientSecret);
    expect((await post(kim.cookie, '/v1/user/delete')).json()).toMatchObject({ code: 0 });
    await arriveAndSignIn(ivy.code, 'kim@example.com');
    expect((await page(ivySession)).friends).toHaveLength(1);

    // A made-up code leaves no cookie and records nothing.
    const landed = await t.app.inject({ method: 'GET', url: '/r/not-a-code' });
    expect(landed.statusCode).toBe(302);
    expect(landed.headers['set-cookie']).toBeUndefined();
  });

  /** A month's limit of referral credits for `userId`, earned now by earlier friends, each in `state`. */
  const creditsEarnedNow = (userId: string, state: 'available' | 'void') =>
    db()
      .insert(referralCredits)
      .values(
        Array.from({ length: creditsPerMonth }, () => ({ userId, amountCents: referrerCreditCents, state, availableAt: clock.now(), createdAt: clock.now() })),
      );

  it('stops crediting at the monthly limit and says so, and starts again next month', async () => {
    const lea = await referrer('lea@example.com');
    // Lea's month so far: the limit reached by earlier friends.
    const now = clock.now();
    await creditsEarnedNow(lea.user.id, 'available');
    const max = await arriveAndSignIn(lea.code, 'max@example.com');
    const order = await checkout(max, 'basic');
    expect(order.summary).toMatchObject({ discountCents: friendDiscountCents });
    await pay(max, order.clientSecret);
    const seen = await page(lea.cookie);
    expect(seen.friends).toMatchObject([{ masked: 'm•••@example.com', state: 'capped' }]);
    expect(seen.creditsThisMonth).toBe(creditsPerMonth);
    expect(seen.credits.pending).toEqual([]);
    expect(
      await db()
        .select()
        .from(referralCredits)
        .where(and(eq(referralCredits.userId, lea.user.id), eq(referralCredits.state, 'pending'))),
    ).toEqual([]);

    // Next month's first friend earns again.
    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 9)));
    const ned = await arriveAndSignIn(lea.code, 'ned@example.com');
    const next = await checkout(ned, 'basic');
    await pay(ned, next.clientSecret);
    expect((await page(lea.cookie)).credits.pending).toHaveLength(1);
  });

  it('does not count voided credits against the monthly limit', async () => {
    const una = await referrer('una@example.com');
    // Una's month so far: as many credits as the limit, every one voided (a refund in its window, or the operator).
    await creditsEarnedNow(una.user.id, 'void');
    expect((await page(una.cookie)).creditsThisMonth).toBe(0);
    const vic = await arriveAndSignIn(una.code, 'vic@example.com');
    const order = await checkout(vic, 'basic');
    await pay(vic, order.clientSecret);
    const seen = await page(una.cookie);
    expect(seen.friends).toMatchObject([{ masked: 'v•••@example.com', state: 'ordered' }]);
    expect(seen.credits.pending).toHaveLength(1);
    expect(seen.creditsThisMonth).toBe(1);
  });

  it('keeps the first referral link a browser opened: a second link, from another site or another friend, takes nothing over', async () => {
    const wes = await referrer('wes@example.com');
    const xia = await referrer('xia@example.com');
    const first = await t.app.inject({ method: 'GET', url: `/r/${wes.code}` });
    const cookie = [first.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('referral='))!
      .split(';')[0]!;
    for (const site of ['cross-site', 'same-origin', 'none']) {
      const second = await t.app.inject({ method: 'GET', url: `/r/${xia.code}`, headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' } });
      expect(second.statusCode).toBe(302);
      expect(second.headers['set-cookie'], site).toBeUndefined();
    }
    const verified = await verifyLink(t, await mailedToken(t, 'yan@example.com'), { cookie });
    expect(verified.statusCode).toBe(200);
    expect((await page(wes.cookie)).friends).toMatchObject([{ masked: 'y•••@example.com', state: 'joined' }]);
    expect((await page(xia.cookie)).friends).toEqual([]);
  });

  it("takes a deleted referrer's credits with the account, keeps the referral, and still gives a friend their discount", async () => {
    const pat = await referrer('pat@example.com');
    const rita = await arriveAndSignIn(pat.code, 'rita@example.com');
    const quinn = await arriveAndSignIn(pat.code, 'quinn@example.com');
    const ritaOrder = await checkout(rita, 'basic');
    await pay(rita, ritaOrder.clientSecret);
    expect(await db().select().from(referralCredits).where(eq(referralCredits.userId, pat.user.id))).toHaveLength(1);

    expect((await post(pat.cookie, '/v1/user/delete')).json()).toMatchObject({ code: 0 });
    expect(await db().select().from(referralCredits).where(eq(referralCredits.userId, pat.user.id))).toEqual([]);
    const kept = await db()
      .select({ referrerId: referrals.referrerId })
      .from(referrals)
      .where(inArray(referrals.friendMasked, ['r•••@example.com', 'q•••@example.com']));
    expect(kept.map((r) => r.referrerId)).toEqual([null, null]);

    // The friend was promised the discount when they joined: it holds; nobody earns a credit for it.
    const quinnOrder = await checkout(quinn, 'basic');
    expect(quinnOrder.summary).toMatchObject({ discountCents: friendDiscountCents, couponCode: 'FRIEND' });
    await pay(quinn, quinnOrder.clientSecret);
    const [after] = await db().select().from(referrals).where(eq(referrals.firstOrderId, quinnOrder.orderId));
    expect(after).toMatchObject({ state: 'ordered', referrerId: null });
    expect(await db().select().from(referralCredits).where(eq(referralCredits.referralId, after!.id))).toEqual([]);
    // The link died with the account: a newcomer by it is no one's friend.
    await arriveAndSignIn(pat.code, 'sam@example.com');
    expect(await db().select().from(referrals).where(eq(referrals.friendMasked, 's•••@example.com'))).toEqual([]);
  });

  it("shows the console a customer's referrals and credits and the overview's totals, and voids a credit once, audited", async () => {
    // Ann's friend Bob paid 8 days ago (her credit is usable); Gus's friend Hal too, and Gus has spent his
    // credit; Dan's friend Eve paid today (his is pending) and Fay only joined.
    const ann = await referrer('ann@example.com');
    const gus = await referrer('gus@example.com');
    const dan = await referrer('dan@example.com');
    for (const [code, email] of [
      [ann.code, 'bob@example.com'],
      [gus.code, 'hal@example.com'],
    ] as const) {
      const friend = await arriveAndSignIn(code, email);
      await pay(friend, (await checkout(friend, 'pro')).clientSecret);
    }
    clock.advance((windowDays + 1) * DAY_MS);
    await pay(gus.cookie, (await checkout(gus.cookie, 'basic')).clientSecret);
    const eve = await arriveAndSignIn(dan.code, 'eve@example.com');
    await pay(eve, (await checkout(eve, 'basic')).clientSecret);
    await arriveAndSignIn(dan.code, 'fay@example.com');

    const op = await signInAs(t, OPERATOR);
    const customer = ann;
    const lookup = await post(op.cookie, '/v1/operator/referrals/get', { email: 'ann@example.com' });
    expect(lookup.statusCode).toBe(200);
    const found = lookup.json().data;
    expect(found.referrals).toMatchObject([{ role: 'referrer', other: 'b•••@example.com', state: 'credited' }]);
    expect(found.credits).toMatchObject([{ amountCents: referrerCreditCents, state: 'pending' }]);
    // Anyone else is answered as by a route that does not exist.
    expect((await post(customer.cookie, '/v1/operator/referrals/get', { email: 'ann@example.com' })).statusCode).toBe(404);

    const overview = (await post(op.cookie, '/v1/operator/overview')).json().data;
    // Four friends joined, three paid with the friend's discount; Ann's credit is usable, Gus's was used
    // this month, Dan's is pending.
    expect(overview.referrals).toEqual({
      joined: 4,
      pendingCents: referrerCreditCents,
      availableCents: referrerCreditCents,
      usedThisMonthCents: referrerCreditCents,
      discountCents: 3 * friendDiscountCents,
    });

    const voided = await post(op.cookie, '/v1/operator/referrals/voidCredit', { creditId: found.credits[0].id, requestId: crypto.randomUUID() });
    expect(voided.json()).toMatchObject({ code: 0, data: { action: 'voidReferralCredit', customerEmail: 'ann@example.com', outcome: 'done' } });
    const again = await post(op.cookie, '/v1/operator/referrals/voidCredit', { creditId: found.credits[0].id, requestId: crypto.randomUUID() });
    expect(again.statusCode).toBe(409);
    expect((await post(op.cookie, '/v1/operator/referrals/voidCredit', { creditId: 'nope', requestId: crypto.randomUUID() })).json()).toEqual({
      code: 404,
      message: 'Credit not found',
      data: null,
    });
    expect((await page(customer.cookie)).credits.availableCents).toBe(0);
  });
});
