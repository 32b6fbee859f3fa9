import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appState, entitlements, orders, selfies, users } from '@/server/db/schema';
import { canonicaliseAccountEmails } from '@/server/services/accounts/canonical-emails';
import { IDENTITY_KEY } from '@/server/services/entitlements/identity';
import { installationKey } from '@/server/services/installation-keys';
import { generateOrderJob } from '@/server/jobs/definitions';
import { settleOpenCheckouts } from '@/server/services/checkout/settle-open-checkouts';
import { buildTestApp, runJobs, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { countingGenerator } from './helpers/counting-generator';
import { GIFT_CODE, mailedGiftCode } from './helpers/giftcards';
import { placePaidOrder, startCheckout } from './helpers/orders';
import { makePhotos } from './helpers/photos';
import { signInByLink } from './helpers/login-link';
import { arriveAndSignIn, referralCodeOf } from './helpers/referrals';
import { signInAs } from './helpers/session';

/**
 * A hostile customer with curl and a few accounts, against what they may have only once: a beta seat,
 * one beta order per person, the first-order discount. Each test is a case that once worked for them.
 */

const OPERATOR = 'ops@studio.example';
type Customer = Awaited<ReturnType<typeof signInAs>>;

/** Ada's six selfies, for every checkout of the file. */
let photos: Buffer[];
beforeAll(async () => {
  photos = await makePhotos(6);
});

describe('[abuse] entitlements survive deletion', () => {
  // Each test has an app (its three beta seats) and a clock of its own.
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ BETA_SEATS: '3', OPERATOR_EMAILS: OPERATOR }, { clock: manualClock(), generator: countingGenerator().generator });
  });
  afterEach(() => t.close());

  const post = (who: Customer, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  const seatsUsed = async () => (await t.app.inject({ method: 'GET', url: '/v1/stripe/coupon' })).json().data.used as number;

  const createCheckout = (who: Customer, packageId: string) => startCheckout(t, who.cookie, packageId, photos);

  /** A delivered order of `packageId`, paid (with `couponCode` when given) through the offline checkout. */
  async function deliveredOrder(who: Customer, packageId: string, couponCode?: string): Promise<string> {
    let orderId: string;
    if (couponCode) {
      const created = await createCheckout(who, packageId);
      expect(created.statusCode).toBe(200);
      const paid = await post(who, '/v1/checkout/offline/pay', { clientSecret: created.json().data.clientSecret, couponCode });
      expect(paid.json()).toMatchObject({ code: 0 });
      orderId = created.json().data.orderId;
    } else {
      orderId = await placePaidOrder(t, who.cookie, packageId);
    }
    await runJobs(t, generateOrderJob, { orderId });
    const [order] = await t.app.ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('completed');
    return orderId;
  }

  it('case 2: deleting a delivered beta order gives back neither the seat nor a second beta order', async () => {
    const ann = await signInAs(t, 'ann@example.com');
    const orderId = await deliveredOrder(ann, 'beta');
    expect(await seatsUsed()).toBe(1);

    expect((await post(ann, '/v1/order/delete', { orderId })).json()).toMatchObject({ code: 0 });
    expect(await seatsUsed()).toBe(1);
    const again = await createCheckout(ann, 'beta');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The beta package is limited to one per customer');
    expect(await seatsUsed()).toBe(1);
  });

  it('case 2: a deleted account keeps its seat, and the same person signing up again is recognised', async () => {
    const ben = await signInAs(t, 'Ben.Smith@gmail.com');
    await deliveredOrder(ben, 'beta');
    const used = await seatsUsed();

    expect((await post(ben, '/v1/user/delete', {})).json()).toMatchObject({ code: 0 });
    expect(await seatsUsed()).toBe(used);
    // The same mailbox, spelt as the mail service allows: another case, dots, a +tag, the other domain.
    for (const spelling of ['ben.smith@gmail.com', 'bensmith+beta@googlemail.com']) {
      const back = await signInAs(t, spelling);
      const res = await createCheckout(back, 'beta');
      expect(res.statusCode, spelling).toBe(409);
      expect(res.json().message).toBe('The beta package is limited to one per customer');
    }
    // The ledger knows the person without their address.
    const rows = await t.app.ctx.database.db.select().from(entitlements);
    expect(JSON.stringify(rows)).not.toMatch(/ben|smith/i);
  });

  it('case 2: only an operator frees a seat, and the action is audited', async () => {
    // Ann had a beta order, and deleted it: her seat stays taken.
    const ann = await signInAs(t, 'ann@example.com');
    expect((await post(ann, '/v1/order/delete', { orderId: await deliveredOrder(ann, 'beta') })).json()).toMatchObject({ code: 0 });
    const operator = await signInAs(t, OPERATOR);
    const before = await seatsUsed();
    expect(before).toBe(1);
    const freed = await post(operator, '/v1/operator/betaSeats/free', { email: 'ann@example.com', requestId: randomUUID() });
    expect(freed.json()).toMatchObject({
      code: 0,
      message: 'Beta seat freed',
      data: { action: 'freeBetaSeat', customerEmail: 'ann@example.com', actorEmail: OPERATOR },
    });
    expect(await seatsUsed()).toBe(before - 1);
    const none = await post(operator, '/v1/operator/betaSeats/free', { email: 'nobody@example.com', requestId: randomUUID() });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This address holds no beta seat');

    expect((await createCheckout(ann, 'beta')).statusCode).toBe(200);
  });

  it('case 3: FIRST30 is accepted once per person, whatever was deleted since', async () => {
    const cat = await signInAs(t, 'cat@example.com');
    const first = await deliveredOrder(cat, 'pro', 'FIRST30');
    expect((await post(cat, '/v1/order/delete', { orderId: first })).json()).toMatchObject({ code: 0 });

    const tryFirst30 = async (who: Customer) => {
      const created = await createCheckout(who, 'pro');
      expect(created.statusCode).toBe(200);
      return post(who, '/v1/checkout/offline/pay', { clientSecret: created.json().data.clientSecret, couponCode: 'FIRST30' });
    };
    const afterDelete = await tryFirst30(cat);
    expect(afterDelete.statusCode).toBe(400);
    expect(afterDelete.json().message).toBe('FIRST30 is only valid on your first order');

    expect((await post(cat, '/v1/user/delete', {})).json()).toMatchObject({ code: 0 });
    const reborn = await signInAs(t, 'cat@example.com');
    const afterAccount = await tryFirst30(reborn);
    expect(afterAccount.statusCode).toBe(400);
    expect(afterAccount.json().message).toBe('FIRST30 is only valid on your first order');
  });

  it('case 3: of two checkouts paid at once with FIRST30, one gets the discount', async () => {
    const dan = await signInAs(t, 'dan@example.com');
    const sessions = await Promise.all([createCheckout(dan, 'pro'), createCheckout(dan, 'pro')]);
    const paid = await Promise.all(
      sessions.map((s) => post(dan, '/v1/checkout/offline/pay', { clientSecret: s.json().data.clientSecret, couponCode: 'FIRST30' })),
    );
    expect(paid.map((p) => p.statusCode).sort()).toEqual([200, 400]);
    const discounted = await t.app.ctx.database.db.select().from(orders).where(eq(orders.couponCode, 'FIRST30'));
    expect(discounted.filter((o) => o.userId === dan.user.id)).toHaveLength(1);
  });
});

describe('[abuse] a beta seat is held from checkout to payment', () => {
  // Each test has an app (its one beta seat) and a clock of its own.
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    clock = manualClock();
    t = await buildTestApp({ BETA_SEATS: '1' }, { clock });
  });
  afterEach(() => t.close());

  const betaCheckout = (who: Customer) => startCheckout(t, who.cookie, 'beta', photos);
  const selfieFiles = (orderId: string) => t.app.ctx.files.count(`orders/${orderId}/selfies`);

  it('case 5: no more checkouts open than seats remain; an unpaid one gives its seat and selfies back when it expires', async () => {
    const [eve, fay, gus] = await Promise.all(['eve@example.com', 'fay@example.com', 'gus@example.com'].map((e) => signInAs(t, e)));
    const answers = await Promise.all([betaCheckout(eve), betaCheckout(fay), betaCheckout(gus)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe('All beta spots are taken; please choose another package');
    }
    const holder = answers.find((a) => a.statusCode === 200)!;
    const { orderId } = holder.json().data;
    expect(await selfieFiles(orderId)).toBe(6);
    // Only the holder's selfies were stored.
    expect(await t.app.ctx.files.count('orders')).toBe(6);

    // The session's hour passes unpaid: the every-minute sweep ends it, with its selfies, and the seat is free again.
    clock.advance(61 * 60_000);
    await settleOpenCheckouts(t.app.ctx);
    expect(await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(0);
    expect(await selfieFiles(orderId)).toBe(0);
    const later = await betaCheckout(await signInAs(t, 'hal@example.com'));
    expect(later.statusCode).toBe(200);
  });

  it('case 5: a beta checkout refused at payment deletes its selfies at once', async () => {
    // An order from before the ledger holds no seat; the last seat goes to someone else before it is paid.
    const seats = await t.app.ctx.database.db.select().from(entitlements);
    for (const seat of seats) await t.app.ctx.database.db.delete(entitlements).where(eq(entitlements.id, seat.id));
    const ivy = await signInAs(t, 'ivy@example.com');
    const created = await betaCheckout(ivy);
    expect(created.statusCode).toBe(200);
    const { orderId, clientSecret } = created.json().data;
    await t.app.ctx.database.db.delete(entitlements).where(eq(entitlements.orderId, orderId));
    await placePaidOrder(t, (await signInAs(t, 'jon@example.com')).cookie, 'beta');

    const paid = await t.app.inject({
      method: 'POST',
      url: '/v1/checkout/offline/pay',
      headers: { ...sameSite, cookie: ivy.cookie },
      payload: { clientSecret },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('All beta spots were taken before your order was confirmed');
    expect(await selfieFiles(orderId)).toBe(0);
    expect(await t.app.ctx.database.db.select().from(selfies).where(eq(selfies.orderId, orderId))).toHaveLength(0);
  });
});

describe('[abuse] one mailbox, one identity', () => {
  // Each test has an app (ten beta seats) and a clock of its own.
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ BETA_SEATS: '10' }, { clock: manualClock(), generator: countingGenerator().generator });
  });
  afterEach(() => t.close());

  /** Signs in by emailed link with `spelling`: the account it reached (its id from the database) and the session. */
  const userOfLink = async (spelling: string) => {
    const cookie = `session=${await signInByLink(t, spelling)}`;
    const res = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { email } = res.json().data as { email: string };
    const [user] = await t.app.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { id: user!.id, email, cookie };
  };

  it('signs every spelling of one address in to one account: a trailing dot, quotes, case, a Unicode or a punycode domain', async () => {
    for (const [address, spellings] of [
      ['c@example.com', ['c@example.com', 'c@example.com.', '"c"@example.com', 'c@EXAMPLE.com']],
      ['d@xn--exmple-cua.com', ['d@exämple.com', 'd@xn--exmple-cua.com', 'D@XN--EXMPLE-CUA.COM.']],
    ] as const) {
      const accounts = [];
      for (const spelling of spellings) accounts.push(await userOfLink(spelling));
      expect(accounts.map((a) => a.email)).toEqual(spellings.map(() => address));
      expect(new Set(accounts.map((a) => a.id)).size, address).toBe(1);
    }
    expect(await t.app.ctx.database.db.$count(users)).toBe(2);
  });

  /** Three accounts of one mailbox (a +tag makes another address): the spellings the ledger must fold. */
  const spellingsOf = (local: string) => [
    `${local}+1@example.com.`,
    `"${local}+2"@EXAMPLE.com`,
    `${local.toUpperCase()}+3@xn--exmple-cua.com`.replace('xn--exmple-cua', 'example'),
  ];
  const pay = (cookie: string, clientSecret: string, couponCode?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/checkout/offline/pay',
      headers: { ...sameSite, cookie },
      payload: { clientSecret, ...(couponCode ? { couponCode } : {}) },
    });

  it('gives FIRST30, a beta order and a friend’s welcome once in all to the spellings of one mailbox', async () => {
    // FIRST30: one discounted order among the three accounts.
    const first30 = [];
    for (const spelling of spellingsOf('c')) {
      const { cookie } = await signInAs(t, spelling);
      const pro = await startCheckout(t, cookie, 'pro', photos);
      expect(pro.statusCode, pro.body).toBe(200);
      first30.push((await pay(cookie, pro.json().data.clientSecret, 'FIRST30')).statusCode);
    }
    expect(first30).toEqual([200, 400, 400]);

    // Beta: one order.
    const beta = [];
    for (const spelling of spellingsOf('e')) {
      const { cookie } = await signInAs(t, spelling);
      const res = await startCheckout(t, cookie, 'beta', photos);
      if (res.statusCode === 200) expect((await pay(cookie, res.json().data.clientSecret)).json()).toMatchObject({ code: 0 });
      else expect(res.json().message).toBe('The beta package is limited to one per customer');
      beta.push(res.statusCode);
    }
    expect(beta).toEqual([200, 409, 409]);

    // A friend's welcome: all three arrive by Ann's link; one first order is discounted.
    const ann = await signInAs(t, 'ann@example.com');
    const code = await referralCodeOf(t, ann.cookie);
    const discounts = [];
    for (const spelling of spellingsOf('f')) {
      const cookie = await arriveAndSignIn(t, code, spelling);
      const pro = await startCheckout(t, cookie, 'pro', photos);
      expect(pro.statusCode, pro.body).toBe(200);
      expect((await pay(cookie, pro.json().data.clientSecret)).json()).toMatchObject({ code: 0 });
      const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, pro.json().data.orderId));
      discounts.push(order?.referralDiscountCents);
    }
    expect(discounts.filter((cents) => (cents ?? 0) > 0)).toHaveLength(1);
    expect(discounts[0]).toBeGreaterThan(0);
  });

  it('moves an account made under an old spelling, and what the ledger holds for it, to the canonical one at start', async () => {
    const db = t.app.ctx.database.db;
    // Before addresses were canonical: an account `c@example.com.` whose FIRST30 the ledger holds under the
    // identity of that spelling (the old folding kept the trailing dot).
    const [old] = await db.insert(users).values({ email: 'c@example.com.', nickName: 'c' }).returning({ id: users.id });
    const key = await installationKey(db, IDENTITY_KEY);
    const oldIdentity = createHmac('sha256', key).update('c@example.com.').digest('base64url');
    await db.insert(entitlements).values({ kind: 'firstOrder', identity: oldIdentity, userId: old!.id, state: 'used', usedAt: new Date() });
    await db.delete(appState).where(eq(appState.key, 'accountEmailsCanonical'));

    expect(await canonicaliseAccountEmails(db, new Date())).toBe(1);
    const [moved] = await db.select({ email: users.email }).from(users).where(eq(users.id, old!.id));
    expect(moved?.email).toBe('c@example.com');
    const cat = await userOfLink('c@example.com.');
    expect(cat.id).toBe(old!.id);
    const pro = await startCheckout(t, cat.cookie, 'pro', photos);
    const refused = await pay(cat.cookie, pro.json().data.clientSecret, 'FIRST30');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('FIRST30 is only valid on your first order');
    // Once per installation.
    expect(await canonicaliseAccountEmails(db, new Date())).toBe(0);
  });
});

describe('[abuse] gift-card guessing is limited without locking out the holder', () => {
  // Each test has an app of its own: the limits' counts are per database.
  let t: TestApp;
  const OFFICE = '198.51.100.7';
  beforeEach(async () => {
    t = await buildTestApp({ GIFT_CARD_WRONG_CODES_PER_IP_PER_HOUR: '15' }, { clock: manualClock() });
  });
  afterEach(() => t.close());

  const post = (who: Customer, url: string, payload: object, remoteAddress = OFFICE) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload, remoteAddress });

  /** A paid card mailed to `email`: its code, from the mail. */
  const cardFor = async (email: string) => mailedGiftCode(t, (await signInAs(t, `buyer-of-${email}`)).cookie, email, '203.0.113.1');
  const wrong = (i: number) => `GIFT-2222-3333-4444-5555-${String(i).padStart(4, '2').replace(/[01]/g, '9')}`;

  it("10 wrong codes from account D leave C's right code redeemable from the same address", async () => {
    const code = await cardFor('c@example.com');
    expect(code).toMatch(GIFT_CODE);
    const d = await signInAs(t, 'd@example.com');
    for (let i = 0; i < 10; i++) expect((await post(d, '/v1/giftcards/check', { code: wrong(i) })).statusCode).toBe(404);
    // D's own hour is spent: the per-account limit stays.
    expect((await post(d, '/v1/giftcards/check', { code: wrong(10) })).statusCode).toBe(429);
    const c = await signInAs(t, 'c@example.com');
    const checked = await post(c, '/v1/giftcards/check', { code });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await post(c, '/v1/giftcards/redeem', { code })).json()).toMatchObject({ code: 0 });
  });

  it('stops wrong codes from many accounts behind one address at its limit, and still takes a right one', async () => {
    const code = await cardFor('holder@example.com');
    const answers = [];
    for (let n = 0; n < 4; n++) {
      const guesser = await signInAs(t, `guesser${n}@example.com`);
      for (let i = 0; i < 5; i++) answers.push((await post(guesser, '/v1/giftcards/check', { code: wrong(n * 5 + i) })).statusCode);
    }
    // Fifteen wrong codes an hour from the address (this app's setting), from any number of accounts.
    expect(answers.filter((s) => s === 404)).toHaveLength(15);
    expect(answers.slice(15)).toEqual([429, 429, 429, 429, 429]);
    const holder = await signInAs(t, 'holder@example.com');
    expect((await post(holder, '/v1/giftcards/redeem', { code })).json()).toMatchObject({ code: 0 });
    // From another address the guessers' accounts still have their own hour.
    const other = await signInAs(t, 'guesser3@example.com');
    expect((await post(other, '/v1/giftcards/check', { code: wrong(99) }, '192.0.2.9')).statusCode).toBe(404);
  });
});
