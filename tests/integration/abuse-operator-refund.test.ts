import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, downloads, offlineCheckoutSessions, orderMails, orders, payments, portraits } from '@/server/db/schema';
import { claimRefund } from '@/server/services/orders/order-lifecycle';
import { finishInterruptedRefunds } from '@/server/services/refunds/finish-refunds';
import { purgeExpired } from '@/server/services/retention/purge-expired';
import { escapeHtml } from '@/server/services/mail/render-mail';
import { firstOrderAmounts, usd } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

const OPERATOR = 'ops.refunds@example.com';
const DAY = 24 * 3600_000;
/** What the reproduced order cost: Pro with FIRST30, from the catalog. */
const PAID = firstOrderAmounts('pro');

/**
 * Issue 27, case 8: an operator's refund says what it is. A part of the payment is a goodwill refund that
 * leaves the order, its portraits and its gallery as they were; the whole of it asks whether the portraits
 * go; the customer's mail gives our team's reason and the operator's note, never the guarantee's, or no
 * mail at all; the console's figures agree with each other, and the audit names the customer.
 */
describe('[operator] refunds that say what they are', { timeout: 120_000 }, () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof signInAs>>;
  /** The clock runs as the wall clock's, moved forward by this much for the retention purge. */
  let ahead = 0;
  beforeAll(async () => {
    t = await buildTestApp({ OPERATOR_EMAILS: OPERATOR }, { clock: { now: () => new Date(Date.now() + ahead) } });
    ops = await signInAs(t, OPERATOR);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (url: string, payload: object, cookie = ops.cookie) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });
  const data = async (url: string, payload: object, cookie = ops.cookie) => {
    const res = await post(url, payload, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const refund = (orderId: string, body: object) => post('/v1/operator/orders/refund', { orderId, requestId: randomUUID(), ...body });
  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const mailsAbout = async (orderId: string): Promise<ParsedMail[]> =>
    (await readOutbox(t.dataDir)).filter((m) => m.subject === `Your refund for order ${orderId.slice(0, 8).toUpperCase()}`);
  const storedPortraits = async (orderId: string) => Number((await db().select({ n: count() }).from(portraits).where(eq(portraits.orderId, orderId)))[0]!.n);

  /** The plain-text part says what the HTML part says: each paragraph of the text is in the HTML, escaped. */
  function expectSameParts(mail: ParsedMail) {
    const paragraphs = (mail.text ?? '').split('\n').filter((line) => line.trim() !== '');
    expect(paragraphs.length).toBeGreaterThan(3);
    for (const paragraph of paragraphs) expect(mail.html, paragraph).toContain(escapeHtml(paragraph));
  }

  /**
   * The reproduced order: Pro, 60 portraits, with FIRST30 (`PAID`) paid through the offline checkout,
   * delivered today, and downloaded from.
   */
  async function downloadedProOrder(email: string) {
    const customer = await signInAs(t, email);
    const order = await seedCompletedOrder(t, customer.user.id, { portraitsCount: 60 });
    await db()
      .update(orders)
      .set({ ...PAID, packageId: 'pro', portraitInfo: { type: 'doctor', package: 'pro', gender: 'woman' } })
      .where(eq(orders.id, order.id));
    await db()
      .update(payments)
      .set({ ...PAID, packageId: 'pro' })
      .where(eq(payments.orderId, order.id));
    await db().update(offlineCheckoutSessions).set(PAID).where(eq(offlineCheckoutSessions.orderId, order.id));
    return { customer, orderId: order.id, shortId: order.id.slice(0, 8).toUpperCase() };
  }

  it('refunds $10 of what a Pro order with FIRST30 paid as goodwill: the order stays completed with its 60 portraits and gallery, and only the payment shows the refund', async () => {
    const { customer, orderId, shortId } = await downloadedProOrder('goodwill@example.com');
    const note = 'Sorry for the slow delivery <3 — here is $10 back.';
    const entry = await data('/v1/operator/orders/refund', { orderId, requestId: randomUUID(), amountCents: 1000, note });
    expect(entry).toMatchObject({
      action: 'refund',
      outcome: 'done',
      customerEmail: 'goodwill@example.com',
      detail: { amountCents: 1000, currency: 'usd', refund: 'part', mailCustomer: true, note },
    });

    // The customer: the order is as it was, its portraits viewable and downloadable.
    const info = await data('/v1/order/info', { orderId }, customer.cookie);
    expect(info).toMatchObject({ status: 'completed', imageGenerated: 60, expired: false });
    const listed = (await data('/v1/order/list', {}, customer.cookie)).find((o: { id: string }) => o.id === orderId);
    expect(listed).toMatchObject({ status: 'completed', imageGenerated: 60, expired: false, refundBlock: 'partlyRefunded' });
    expect((await get(`/v1/image/get/${orderId}/60`, customer.cookie)).statusCode).toBe(200);
    const zip = await get(`/v1/order/groupDownload/${orderId}`, customer.cookie);
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(await storedPortraits(orderId)).toBe(60);
    // Their receipt shows the $10; the guarantee's refund is not offered for the rest.
    const receipt = (await data('/v1/stripe/receipts', {}, customer.cookie)).find((r: { orderId: string }) => r.orderId === orderId);
    expect(receipt).toMatchObject({ amount: PAID.amountCents, refundedAmount: 1000, refundedAt: expect.any(String) });
    expect((await post('/v1/order/refund', { orderId }, customer.cookie)).json()).toMatchObject({
      code: 409,
      message: 'Part of this order was already refunded by our support team; please write to support about the rest',
    });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      amountCents: PAID.amountCents,
      refundedCents: 1000,
      refundId: expect.stringMatching(/^re_offline_/),
      refundedAt: expect.any(Date),
    });

    // One mail: our team's refund with the note, the portraits still there; nothing of the guarantee.
    const mails = await mailsAbout(orderId);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text ?? '';
    expect(text).toContain(`Our support team refunded $10.00 of the ${usd(PAID.amountCents)} you paid for order ${shortId}.`);
    expect(text).toContain(`A note from our team: ${note}`);
    expect(text).toMatch(/Your portraits remain available in your dashboard until [A-Z][a-z]{2} \d{1,2}, \d{4}, when they are deleted as usual\./);
    expect(text).toContain('You get this email because our support team refunded a payment you made at Portrait Studio.');
    expect(text).not.toMatch(/guarantee|you asked|have been deleted/i);
    expect(mails[0]!.html).toContain(escapeHtml(note));
    expectSameParts(mails[0]!);

    // The console: figures that agree, a part refund in the timeline, no second refund offered.
    const detail = await data('/v1/operator/orders/get', { orderId });
    expect(detail.order).toMatchObject({
      status: 'completed',
      imageGenerated: 60,
      imageTotal: 60,
      expired: false,
      purgedAt: null,
      purgeAt: expect.any(String),
    });
    expect(Date.parse(detail.order.purgeAt)).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(detail.portraits).toHaveLength(60);
    expect(detail.payment).toMatchObject({ amountCents: PAID.amountCents, refundedCents: 1000, refundedAt: expect.any(String) });
    const events = detail.timeline.map((e: { event: string }) => e.event);
    expect(events).toContain('partRefunded');
    expect(events).not.toContain('refunded');
    expect(events).not.toContain('purged');
    expect(detail.timeline.find((e: { event: string }) => e.event === 'partRefunded')).toMatchObject({ amountCents: 1000 });
    expect(detail.actions).toMatchObject({ refund: false, resendReady: true, extendRetention: true });
    expect(detail.audit).toMatchObject([{ action: 'refund', customerEmail: 'goodwill@example.com' }]);

    // A payment is refunded once: a second goodwill refund is refused, and nothing more goes back.
    expect((await refund(orderId, { amountCents: 500 })).json()).toMatchObject({
      code: 409,
      message: `This order's payment was already refunded in part ($10.00 of ${usd(PAID.amountCents)}); a payment is refunded once`,
    });
    expect((await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]).toMatchObject({ refundedCents: 1000 });
    expect(await mailsAbout(orderId)).toHaveLength(1);
  });

  it('asks what becomes of the portraits on a full refund; revoked, they are gone, and the mail and the console say so', async () => {
    const { customer, orderId, shortId } = await downloadedProOrder('revoked@example.com');
    expect((await refund(orderId, { amountCents: PAID.amountCents })).json()).toMatchObject({
      code: 400,
      message: 'Invalid revokePortraits: a full refund must say whether the portraits are deleted now (true) or kept (false)',
    });
    expect((await refund(orderId, { amountCents: 1000, revokePortraits: true })).json()).toMatchObject({
      code: 400,
      message: 'Invalid revokePortraits: a part refund keeps the portraits; refund the whole payment to delete them',
    });
    expect(await mailsAbout(orderId)).toHaveLength(0);

    const entry = (await refund(orderId, { amountCents: PAID.amountCents, revokePortraits: true })).json().data;
    expect(entry).toMatchObject({ customerEmail: 'revoked@example.com', detail: { amountCents: PAID.amountCents, refund: 'full', revokePortraits: true } });
    expect(await storedPortraits(orderId)).toBe(0);
    expect(await t.app.ctx.files.count(`orders/${orderId}`)).toBe(0);
    expect(await data('/v1/order/info', { orderId }, customer.cookie)).toMatchObject({ status: 'refunded', imageGenerated: 0, expired: true });
    expect((await get(`/v1/order/groupDownload/${orderId}`, customer.cookie)).statusCode).toBe(410);

    const [mail] = await mailsAbout(orderId);
    expect(mail!.text).toContain(`Our support team refunded the ${usd(PAID.amountCents)} you paid for order ${shortId}.`);
    expect(mail!.text).toContain('The portraits and photos of this order have been deleted.');
    expect(mail!.text).not.toMatch(/guarantee|you asked|remain available|note from our team/i);
    expectSameParts(mail!);

    const detail = await data('/v1/operator/orders/get', { orderId });
    expect(detail.order).toMatchObject({ status: 'refunded', expired: true, purgeAt: null, purgedAt: expect.any(String) });
    expect(detail.portraits).toEqual([]);
    expect(detail.payment).toMatchObject({ refundedCents: PAID.amountCents });
    expect(detail.timeline.filter((e: { event: string }) => ['refunded', 'partRefunded', 'purged'].includes(e.event))).toMatchObject([
      { event: 'refunded', amountCents: PAID.amountCents },
      { event: 'purged' },
    ]);
  });

  it('keeps the portraits of a full refund when the operator says so: the customer still has the gallery and the zip until the retention purge', async () => {
    const { customer, orderId } = await downloadedProOrder('kept@example.com');
    const entry = (await refund(orderId, { amountCents: PAID.amountCents, revokePortraits: false, note: 'Keep the portraits, with our apologies.' })).json()
      .data;
    expect(entry).toMatchObject({ customerEmail: 'kept@example.com', detail: { refund: 'full', revokePortraits: false } });

    expect(await data('/v1/order/info', { orderId }, customer.cookie)).toMatchObject({ status: 'refunded', imageGenerated: 60, expired: false });
    expect((await get(`/v1/image/get/${orderId}/1`, customer.cookie)).statusCode).toBe(200);
    expect((await get(`/v1/order/groupDownload/${orderId}`, customer.cookie)).statusCode).toBe(200);
    expect(await storedPortraits(orderId)).toBe(60);

    const [mail] = await mailsAbout(orderId);
    expect(mail!.text).toContain(`Our support team refunded the ${usd(PAID.amountCents)} you paid for order`);
    expect(mail!.text).toContain('A note from our team: Keep the portraits, with our apologies.');
    expect(mail!.text).toContain('Your portraits remain available in your dashboard until');
    expect(mail!.text).not.toMatch(/guarantee|you asked|have been deleted/i);
    expectSameParts(mail!);

    const detail = await data('/v1/operator/orders/get', { orderId });
    expect(detail.order).toMatchObject({ status: 'refunded', expired: false, purgedAt: null, purgeAt: expect.any(String) });
    expect(detail.portraits).toHaveLength(60);

    // The retention purge takes them as any order's, 30 days after delivery.
    ahead = 31 * DAY;
    try {
      expect(await purgeExpired(t.app.ctx)).toContain(orderId);
    } finally {
      ahead = 0;
    }
    expect(await storedPortraits(orderId)).toBe(0);
    expect(await data('/v1/order/info', { orderId }, customer.cookie)).toMatchObject({ status: 'refunded', expired: true });
  });

  it('mails nobody when the operator says not to', async () => {
    const { orderId } = await downloadedProOrder('quiet@example.com');
    const entry = (await refund(orderId, { amountCents: 500, mailCustomer: false, note: 'Not for their eyes' })).json().data;
    expect(entry).toMatchObject({ detail: { refund: 'part', mailCustomer: false } });
    expect((await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]).toMatchObject({ refundedCents: 500 });
    expect(await mailsAbout(orderId)).toHaveLength(0);
    expect(await db().select().from(orderMails).where(eq(orderMails.orderId, orderId))).toEqual([]);
  });

  it("finishes an operator's refund a crash interrupted with the operator's choices: the portraits kept, the note mailed", async () => {
    const { orderId } = await downloadedProOrder('crashed@example.com');
    // What the console's call had done when the process died: its audit entry, then the claim.
    await db()
      .insert(auditLog)
      .values({
        requestId: randomUUID(),
        actorEmail: OPERATOR,
        action: 'refund',
        orderId,
        customerEmail: 'crashed@example.com',
        detail: { amountCents: PAID.amountCents, revokePortraits: false, mailCustomer: true, note: 'Back in full.' },
        createdAt: t.app.ctx.clock.now(),
      });
    expect(await claimRefund(db(), orderId, t.app.ctx.clock.now(), PAID.amountCents)).toBe(true);

    expect(await finishInterruptedRefunds(t.app.ctx, { atStart: true })).toBe(1);
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: 'refunded', purgedAt: null });
    expect(await storedPortraits(orderId)).toBe(60);
    const [mail] = await mailsAbout(orderId);
    expect(mail!.text).toContain('A note from our team: Back in full.');
    expect(mail!.text).toContain('Your portraits remain available in your dashboard until');
  });

  it('still tells a customer who asked that the guarantee refunded them, and deletes their portraits', async () => {
    const { customer, orderId } = await downloadedProOrder('asked@example.com');
    await db().delete(downloads).where(eq(downloads.orderId, orderId));
    expect((await post('/v1/order/refund', { orderId }, customer.cookie)).statusCode).toBe(200);
    const [mail] = await mailsAbout(orderId);
    expect(mail!.text).toContain(`We refunded ${usd(PAID.amountCents)} for order`);
    expect(mail!.text).toContain('as our 7-day money-back guarantee promises');
    expect(mail!.text).toContain('The portraits and photos of this order have been deleted.');
    expect(mail!.text).toContain('You get this email because you asked for a refund at Portrait Studio.');
    expect(mail!.text).not.toContain('support team');
    expect(await storedPortraits(orderId)).toBe(0);
  });
});
