import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orders, payments, portraits } from '@/server/db/schema';
import { notifyCustomer } from '@/server/services/generation/notify';
import { escapeHtml } from '@/server/services/mail/render-mail';
import { completeOrder, purgeDate } from '@/server/services/orders/order-lifecycle';
import { portraitKey, thumbKey } from '@/server/services/orders/storage-keys';
import { findPackage } from '@/shared/catalog/packages';
import { formatDate, formatMoney, shortOrderId } from '@/shared/format';
import { BUNDLED_LANGUAGES, createI18n, type BundledLanguage } from '@/shared/i18n';
import { BUNDLES } from '@/shared/i18n-bundles';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { placePaidOrder } from './helpers/orders';
import { sessionCookieOf, signInAs } from './helpers/session';
import { mailsTo, tokenFromMail } from './helpers/smtp';

const OPERATOR = 'ops-languages@example.com';

/** The bundle's own `t()`: only that language is loaded, so a missing key shows as the key, never as English. */
const bundleT = (code: BundledLanguage) => createI18n(code, { [code]: { translation: BUNDLES[code] } }).t;

let addresses = 0;
/** A client address of its own for every request, so no per-address limit interferes. */
const freshAddress = () => `10.251.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

describe('[mail] every mail in the account language', () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web', OPERATOR_EMAILS: OPERATOR });
    ops = await signInAs(t, OPERATOR);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...sameSite, ...(cookie ? { cookie } : {}) }, payload, remoteAddress: freshAddress() });
  /** The one mail that came to `email` since it had `before` mails. */
  async function nextMail(email: string, before: number): Promise<ParsedMail> {
    const mails = await mailsTo(t.dataDir, email);
    expect(mails).toHaveLength(before + 1);
    return mails.at(-1)!;
  }
  /** The mail says the same thing in its text and its HTML part. */
  function expectSays(mail: ParsedMail, ...lines: string[]) {
    for (const line of lines) {
      expect(mail.text).toContain(line);
      expect(mail.html || '').toContain(escapeHtml(line));
    }
  }
  /** Signs in with a link asked from a page in `language`; the link's mail and the new session. */
  async function signIn(email: string, language: BundledLanguage) {
    const before = (await mailsTo(t.dataDir, email)).length;
    expect((await post('/v1/loginLink/send', { email, language })).statusCode).toBe(200);
    const mail = await nextMail(email, before);
    const verified = await post('/v1/loginLink/verify', { token: tokenFromMail(mail) });
    expect(verified.statusCode, verified.body).toBe(200);
    return { mail, cookie: `session=${sessionCookieOf(verified.headers['set-cookie'])!.value}` };
  }
  const userInfo = async (cookie: string) => (await post('/v1/user/info', {}, cookie)).json().data;
  /** Generation is not what this is about: the order gets three small portraits and completes. */
  async function deliver(orderId: string) {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    for (let no = 1; no <= 3; no++) {
      await db()
        .insert(portraits)
        .values({ orderId, no, storageKey: portraitKey(orderId, no), thumbKey: thumbKey(orderId, no), width: 832, height: 1216, bytes: 4 });
      await t.app.ctx.files.put(portraitKey(orderId, no), jpeg, 'image/jpeg');
      await t.app.ctx.files.put(thumbKey(orderId, no), jpeg, 'image/jpeg');
    }
    await db().update(orders).set({ status: 'processing' }).where(eq(orders.id, orderId));
    expect(await completeOrder(db(), orderId, 3, t.app.ctx.clock.now())).toBe(true);
  }
  const paidCents = async (orderId: string) => (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!;

  it.each(BUNDLED_LANGUAGES)('a customer who signs up in %s gets every mail in it, subject and body, text and HTML alike', async (code) => {
    const tr = bundleT(code);
    const email = `mails-${code}@example.com`;

    // Sign-in: the link's mail is in the page's language, and the new account takes it.
    const { mail: link, cookie } = await signIn(email, code);
    expect(link.subject).toBe(tr('email.loginLink.subject'));
    expectSays(link, tr('email.loginLink.heading'), tr('email.loginLink.intro'), tr('email.loginLink.button'), tr('email.loginLink.ignore'));
    expect((await userInfo(cookie)).language).toBe(code);

    // Another device, signing in from an English page: the mail follows the page, the account keeps its language.
    const other = await signIn(email, 'us');
    expect(other.mail.subject).toBe(bundleT('us')('email.loginLink.subject'));
    expect((await userInfo(other.cookie)).language).toBe(code);

    // Payment confirmation, with the amount in the language's money format.
    let count = (await mailsTo(t.dataDir, email)).length;
    const orderId = await placePaidOrder(t, cookie, 'basic');
    const order = shortOrderId(orderId);
    const payment = await paidCents(orderId);
    const pkg = findPackage('basic')!;
    const [placed] = await db().select().from(orders).where(eq(orders.id, orderId));
    const confirmed = await nextMail(email, count++);
    expect(confirmed.subject).toBe(tr('email.confirmed.subject', { order }));
    expectSays(
      confirmed,
      tr('email.confirmed.heading'),
      tr('email.confirmed.paid', { order, amount: formatMoney(payment.amountCents, payment.currency, code) }),
      tr('email.confirmed.bought', {
        package: tr('catalog.packages.basic.name'),
        category: tr(`catalog.categories.${placed!.categoryId}.name`),
        count: pkg.portraits,
      }),
      tr('email.confirmed.next', { count: pkg.deliveryHours }),
      tr('email.confirmed.button'),
      tr('email.confirmed.footer'),
    );

    // Ready and failed.
    await deliver(orderId);
    await notifyCustomer(t.app.ctx, { userId: payment.userId!, orderId, outcome: 'ready' });
    const ready = await nextMail(email, count++);
    expect(ready.subject).toBe(tr('email.ready.subject', { order }));
    expectSays(
      ready,
      tr('email.ready.heading'),
      tr('email.ready.intro', { order }),
      tr('email.ready.retention'),
      tr('email.ready.button'),
      tr('email.ready.footer'),
    );
    await notifyCustomer(t.app.ctx, { userId: payment.userId!, orderId, outcome: 'failed' });
    const failed = await nextMail(email, count++);
    expect(failed.subject).toBe(tr('email.failed.subject', { order }));
    expectSays(
      failed,
      tr('email.failed.heading'),
      tr('email.failed.intro', { order }),
      tr('email.failed.support', { email: t.app.ctx.config.mail.supportEmail }),
      tr('email.failed.footer'),
    );

    // The customer's own refund under the guarantee.
    const refunded = await post('/v1/order/refund', { orderId }, cookie);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const own = await nextMail(email, count++);
    expect(own.subject).toBe(tr('email.refunded.subject', { order }));
    expectSays(
      own,
      tr('email.refunded.heading'),
      tr('email.refunded.intro', { order, amount: formatMoney(payment.amountCents, payment.currency, code) }),
      tr('email.refunded.timing'),
      tr('email.refunded.deleted'),
      tr('email.refunded.footer'),
    );

    // Our team's part refund, with a note; the portraits stay until the purge, dated in the language.
    const second = await placePaidOrder(t, cookie, 'basic');
    count++; // its confirmation
    await deliver(second);
    const secondPaid = await paidCents(second);
    const note = 'Merci / Danke / ありがとう';
    const byOps = await post('/v1/operator/orders/refund', { orderId: second, requestId: randomUUID(), amountCents: 500, note }, ops.cookie);
    expect(byOps.statusCode, byOps.body).toBe(200);
    const [kept] = await db().select().from(orders).where(eq(orders.id, second));
    const theirs = await nextMail(email, count++);
    const secondOrder = shortOrderId(second);
    expect(theirs.subject).toBe(tr('email.refunded.subject', { order: secondOrder }));
    expectSays(
      theirs,
      tr('email.refunded.heading'),
      tr('email.refunded.operatorPart', {
        order: secondOrder,
        amount: formatMoney(500, secondPaid.currency, code),
        paid: formatMoney(secondPaid.amountCents, secondPaid.currency, code),
      }),
      tr('email.refunded.note', { note }),
      tr('email.refunded.kept', { date: formatDate(purgeDate(kept!)!, code, { timeZone: 'UTC' }) }),
      tr('email.refunded.operatorFooter'),
    );

    // A team's invitation and its reminder, in the language the admin chose for them (not the admin's).
    const created = await post('/v1/team/create', { name: `Acme & Söhne ${code}` }, cookie);
    expect(created.statusCode, created.body).toBe(200);
    const teamId = created.json().data.id as string;
    const team = `Acme & Söhne ${code}`;
    const invitee = `invitee-${code}@example.com`;
    const invited = await post('/v1/team/invite', { teamId, emails: [invitee], language: code }, cookie);
    expect(invited.statusCode, invited.body).toBe(200);
    const invitation = await nextMail(invitee, 0);
    expect(invitation.subject).toBe(tr('email.teamInvite.subject', { team }));
    const inviteLines = [
      tr('email.teamInvite.heading', { team }),
      tr('email.teamInvite.body', { team, count: findPackage('basic')!.portraits }),
      tr('email.teamInvite.signIn', { email: invitee }),
      tr('email.teamInvite.button'),
      tr('email.teamInvite.footer'),
    ];
    expectSays(invitation, ...inviteLines);
    const memberId = (await post('/v1/team/mine', {}, cookie)).json().data.admin.members[0].id as string;
    const reminded = await post('/v1/team/member/remind', { teamId, memberId }, cookie);
    expect(reminded.statusCode, reminded.body).toBe(200);
    const reminder = await nextMail(invitee, 1);
    expect(reminder.subject).toBe(tr('email.teamInvite.reminderSubject', { team }));
    expectSays(reminder, ...inviteLines);
    // Each carries its own link: the reminder's replaces the invitation's.
    expect(/invitation=([\w-]+)/.exec(reminder.text ?? '')?.[1]).not.toBe(/invitation=([\w-]+)/.exec(invitation.text ?? '')?.[1]);

    // Gift cards: the card's mail, in the language the buyer chose for it, with the code and its redeem link.
    const recipient = `gift-${code}@example.com`;
    const bought = await post(
      '/v1/giftcards',
      { packageId: 'pro', delivery: 'mail', recipientEmail: recipient, recipientName: 'Sam', message: 'Joyeux anniversaire & 🎂', language: code },
      cookie,
    );
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await post('/v1/checkout/offline/pay', { clientSecret: bought.json().data.clientSecret }, cookie)).statusCode).toBe(200);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, bought.json().data.giftCardId));
    const gift = await nextMail(recipient, 0);
    const giftCode = /GIFT(?:-[2-9A-Z]{4}){5}/.exec(gift.text ?? '')?.[0] ?? '';
    const from = card!.buyerName;
    expect(gift.subject).toBe(tr('email.giftCard.subject', { from }));
    expectSays(
      gift,
      tr('email.giftCard.headingNamed', { name: 'Sam', from }),
      tr('email.giftCard.body', { from, package: tr('catalog.packages.pro.name'), count: findPackage('pro')!.portraits }),
      tr('email.giftCard.message', { from, message: 'Joyeux anniversaire & 🎂' }),
      tr('email.giftCard.code', { code: giftCode }),
      tr('email.giftCard.button'),
      `${t.config.publicUrl}/dashboard/giftcards?redeem=${giftCode}`,
      tr('email.giftCard.footer'),
    );

    // Account deletion: the last mail, at the address the account had.
    const deleted = await post('/v1/user/delete', {}, cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const bye = await nextMail(email, count++);
    expect(bye.subject).toBe(tr('email.deleted.subject'));
    expectSays(
      bye,
      tr('email.deleted.heading'),
      tr('email.deleted.intro', { email }),
      tr('email.deleted.what'),
      tr('email.deleted.payments'),
      tr('email.deleted.footer'),
    );
  });

  it('changing the language changes the next mail, and every device reads it', async () => {
    const email = 'switcher@example.com';
    const { cookie } = await signIn(email, 'fr');
    const orderId = await placePaidOrder(t, cookie, 'basic');
    const { userId } = await paidCents(orderId);
    const before = (await mailsTo(t.dataDir, email)).length;

    const set = await post('/v1/user/language', { language: 'jp' }, cookie);
    expect(set.json()).toMatchObject({ code: 0, data: { language: 'jp' } });
    await notifyCustomer(t.app.ctx, { userId: userId!, orderId, outcome: 'failed' });
    expect((await nextMail(email, before)).subject).toBe(bundleT('jp')('email.failed.subject', { order: shortOrderId(orderId) }));
    const laptop = await signIn(email, 'de');
    expect((await userInfo(laptop.cookie)).language).toBe('jp');

    expect((await post('/v1/user/language', { language: 'xx' }, cookie)).statusCode).toBe(400);
    expect((await userInfo(cookie)).language).toBe('jp');
  });
});
