import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '@/server/db/schema';
import { validAnswers } from '../support/answers';
import { firstOrderAmounts, packageOf, priceOf, usd } from '../support/prices';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { checkoutForm, makePhoto, makePhotos, makePixelBomb } from './helpers/photos';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

async function rowCount(t: TestApp, table: string) {
  const result = await t.app.ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

async function queuedGenerations(t: TestApp, orderId: string) {
  const result = await t.app.ctx.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'generate-order' and data->>'orderId' = ${orderId}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe('[checkout] creating an order and paying through the offline checkout', () => {
  let t: TestApp;
  let photos: Buffer[];
  beforeAll(async () => {
    // A web-only process: orders are enqueued for generation but not generated, so counts stay still.
    t = await buildTestApp({ ROLE: 'web' });
    photos = await makePhotos(10);
  });
  afterAll(() => t.close());

  const create = (cookie: string, files: { bytes: Buffer; name?: string; type?: string }[], options: unknown) => {
    const form = checkoutForm(files, options);
    return t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
  };
  const offline = (cookie: string, call: 'session' | 'pay', body: object) =>
    t.app.inject({ method: 'POST', url: `/v1/checkout/offline/${call}`, headers: { ...sameSite, cookie }, payload: body });
  const six = () => photos.slice(0, 6).map((bytes) => ({ bytes }));

  it('stores the selfies, creates a pending order priced from the catalog, and returns a client secret', async () => {
    const ada = await signInAs(t, 'ada@example.com');
    const res = await create(ada.cookie, six(), { portraitInfo: validAnswers() });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ provider: 'offline', publishableKey: null, clientSecret: expect.stringMatching(/^cs_offline_/) });
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, data.orderId));
    expect(order).toMatchObject({
      status: 'pending',
      categoryId: 'doctor',
      packageId: 'pro',
      priceCents: priceOf('pro'),
      imageTotal: packageOf('pro').portraits,
      paidAt: null,
    });
    expect(order!.portraitInfo).toMatchObject({ name: 'Doctor Photos', gender: 'woman', attire: ['white_coat', 'scrubs'] });
    expect(await t.app.ctx.files.count(`orders/${data.orderId}/selfies`)).toBe(6);
  });

  it('pays with FIRST30 (30% off the first order), fulfils once, records the payment and enqueues generation', async () => {
    const bob = await signInAs(t, 'bob@example.com');
    const { data } = (await create(bob.cookie, six(), { portraitInfo: validAnswers() })).json();
    const summary = await offline(bob.cookie, 'session', { clientSecret: data.clientSecret, couponCode: 'first30' });
    const pro = firstOrderAmounts('pro');
    expect(summary.json().data).toMatchObject({
      priceCents: pro.priceCents,
      discountCents: pro.discountCents,
      totalCents: pro.amountCents,
      couponCode: 'FIRST30',
      status: 'open',
    });

    const paid = await offline(bob.cookie, 'pay', { clientSecret: data.clientSecret, couponCode: 'FIRST30' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ orderId: data.orderId });
    const again = await offline(bob.cookie, 'pay', { clientSecret: data.clientSecret, couponCode: 'FIRST30' });
    expect(again.statusCode).toBe(200);

    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, data.orderId));
    expect(order).toMatchObject({ status: 'processing', amountCents: pro.amountCents, discountCents: pro.discountCents, couponCode: 'FIRST30' });
    expect(order!.paidAt).not.toBeNull();
    const recorded = await t.app.ctx.database.db.select().from(payments).where(eq(payments.orderId, data.orderId));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      provider: 'offline',
      amountCents: pro.amountCents,
      currency: 'usd',
      cardLast4: '4242',
      receiptUrl: `/v1/receipts/${recorded[0]!.id}`,
    });
    expect(await queuedGenerations(t, data.orderId)).toBe(1);

    // One payment confirmation, however often the payment was reported: the order, what was bought,
    // the amount, when to expect the portraits, where to watch them and the receipt, in both parts.
    const confirmations = (await readOutbox(t.dataDir)).filter(
      (m) => m.subject?.startsWith('Order ') && m.to && 'text' in m.to && m.to.text === 'bob@example.com',
    );
    expect(confirmations).toHaveLength(1);
    const [mail] = confirmations;
    const short = data.orderId.slice(0, 8).toUpperCase();
    expect(mail!.subject).toBe(`Order ${short} confirmed: your portraits are on their way`);
    const receipt = `${t.app.ctx.config.publicUrl}/v1/receipts/${recorded[0]!.id}`;
    for (const part of [mail!.text ?? '', mail!.html || '']) {
      expect(part).toContain(`We received your payment of ${usd(pro.amountCents)} for order ${short}.`);
      expect(part).toContain(`You ordered the Pro package: ${packageOf('pro').portraits} Doctor Photos portraits.`);
      expect(part).toContain(`usually ready within ${packageOf('pro').deliveryHours} hour`);
      expect(part).toContain(receipt);
      expect(part).toContain(`${t.app.ctx.config.publicUrl}/dashboard/photoSelector/${data.orderId}`);
    }
  });

  it('refuses FIRST30 on a second paid order, saying why', async () => {
    // A customer whose first order was paid with FIRST30.
    const bob = await signInAs(t, 'second-order@example.com');
    const first = (await create(bob.cookie, six(), { portraitInfo: validAnswers() })).json().data;
    expect((await offline(bob.cookie, 'pay', { clientSecret: first.clientSecret, couponCode: 'FIRST30' })).statusCode).toBe(200);
    const { data } = (await create(bob.cookie, six(), { portraitInfo: validAnswers({ package: 'basic' }) })).json();
    const res = await offline(bob.cookie, 'session', { clientSecret: data.clientSecret, couponCode: 'FIRST30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('FIRST30 is only valid on your first order');
    const unknown = await offline(bob.cookie, 'session', { clientSecret: data.clientSecret, couponCode: 'FREE100' });
    expect(unknown.json().message).toBe('Coupon code "FREE100" is not valid');
    const full = await offline(bob.cookie, 'pay', { clientSecret: data.clientSecret });
    expect(full.statusCode).toBe(200);
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, data.orderId));
    expect(order!.amountCents).toBe(priceOf('basic'));
  });

  it("answers another customer's checkout exactly like a missing one", async () => {
    const ada = await signInAs(t, 'ada@example.com');
    const eve = await signInAs(t, 'eve@example.com');
    const { data } = (await create(ada.cookie, six(), { portraitInfo: validAnswers() })).json();
    const theirs = await offline(eve.cookie, 'pay', { clientSecret: data.clientSecret });
    const missing = await offline(eve.cookie, 'pay', { clientSecret: `${data.clientSecret}x` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
  });

  describe('refuses bad input with a clear message and stores nothing', () => {
    let cookie: string;
    beforeAll(async () => {
      cookie = (await signInAs(t, 'validation@example.com')).cookie;
    });

    const cases: [string, () => Promise<{ files: { bytes: Buffer; name?: string; type?: string }[]; options: unknown }>, number, RegExp][] = [
      [
        '5 photos',
        async () => ({ files: photos.slice(0, 5).map((bytes) => ({ bytes })), options: { portraitInfo: validAnswers() } }),
        400,
        /at least 6 photos/,
      ],
      [
        '11 photos',
        async () => ({ files: [...photos, photos[0]!].map((bytes) => ({ bytes })), options: { portraitInfo: validAnswers() } }),
        400,
        /at most 10 photos/,
      ],
      [
        'a text file renamed .jpg',
        async () => ({
          files: [...six().slice(0, 5), { bytes: Buffer.from('hello, not an image'), name: 'me.jpg' }],
          options: { portraitInfo: validAnswers() },
        }),
        400,
        /Photo 6 \(me\.jpg\) is not an image/,
      ],
      [
        'a 0-byte file',
        async () => ({ files: [...six().slice(0, 5), { bytes: Buffer.alloc(0), name: 'empty.jpg' }], options: { portraitInfo: validAnswers() } }),
        400,
        /Photo 6 \(empty\.jpg\) is empty/,
      ],
      [
        'a truncated JPEG',
        async () => ({
          files: [...six().slice(0, 5), { bytes: (await makePhoto(9)).subarray(0, 600), name: 'cut.jpg' }],
          options: { portraitInfo: validAnswers() },
        }),
        400,
        /Photo 6 \(cut\.jpg\) is damaged/,
      ],
      [
        'a decompression bomb',
        async () => ({ files: [...six().slice(0, 5), { bytes: await makePixelBomb(), name: 'bomb.png' }], options: { portraitInfo: validAnswers() } }),
        400,
        /more than 40 megapixels/,
      ],
      [
        'a file over 10 MB',
        async () => ({
          files: [...six().slice(0, 5), { bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 1), name: 'huge.jpg' }],
          options: { portraitInfo: validAnswers() },
        }),
        413,
        /larger than 10 MB/,
      ],
      [
        'an attire not offered for the category',
        async () => ({ files: six(), options: { portraitInfo: validAnswers({ attire: ['christmas_sweater'] }) } }),
        400,
        /Invalid portraitInfo\.attire: "christmas_sweater" is not offered for Doctor Photos/,
      ],
      [
        'a hair length of the other gender',
        async () => ({ files: six(), options: { portraitInfo: validAnswers({ hairLength: 'buzzed' }) } }),
        400,
        /Invalid portraitInfo\.hairLength/,
      ],
      [
        'no background',
        async () => ({ files: six(), options: { portraitInfo: validAnswers({ background: [] }) } }),
        400,
        /Invalid portraitInfo\.background: needs at least one choice/,
      ],
      [
        'an unknown package',
        async () => ({ files: six(), options: { portraitInfo: validAnswers({ package: 'platinum' }) } }),
        400,
        /Invalid portraitInfo\.package: is not a known package/,
      ],
      [
        'an unknown category',
        async () => ({ files: six(), options: { portraitInfo: validAnswers({ type: 'astronaut' }) } }),
        400,
        /Invalid portraitInfo\.type/,
      ],
      ['a price sent by the browser', async () => ({ files: six(), options: { portraitInfo: validAnswers(), price: 1 } }), 400, /price/],
      ['options that are not JSON', async () => ({ files: six(), options: '{oops' }), 400, /Invalid options: is not valid JSON/],
    ];

    it.each(cases)('%s', async (_name, build, status, message) => {
      const before = { orders: await rowCount(t, 'orders'), selfies: await rowCount(t, 'selfies'), files: await t.app.ctx.files.count('orders') };
      const { files, options } = await build();
      const res = await create(cookie, files, options);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
      expect({ orders: await rowCount(t, 'orders'), selfies: await rowCount(t, 'selfies'), files: await t.app.ctx.files.count('orders') }).toEqual(before);
    });

    it('refuses a checkout when not signed in', async () => {
      const form = checkoutForm(six(), { portraitInfo: validAnswers() });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/stripe/checkout/create',
        headers: { 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a JSON body where a form is expected', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/stripe/checkout/create', headers: { ...sameSite, cookie }, payload: {} });
      expect(res.statusCode).toBe(415);
    });
  });
});

describe('[checkout] the beta program', () => {
  let t: TestApp;
  let photos: Buffer[];
  beforeAll(async () => {
    t = await buildTestApp({ BETA_SEATS: '2', ROLE: 'web' });
    photos = await makePhotos(6);
  });
  afterAll(() => t.close());

  async function betaOrder(email: string) {
    const user = await signInAs(t, email);
    const form = checkoutForm(
      photos.map((bytes) => ({ bytes })),
      { portraitInfo: validAnswers({ package: 'beta' }) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stripe/checkout/create',
      headers: { cookie: user.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
    if (res.statusCode !== 200) return res;
    const pay = await t.app.inject({
      method: 'POST',
      url: '/v1/checkout/offline/pay',
      headers: { ...sameSite, cookie: user.cookie },
      payload: { clientSecret: res.json().data.clientSecret },
    });
    expect(pay.statusCode).toBe(200);
    return res;
  }
  const coupon = async () => (await t.app.inject({ method: 'GET', url: '/v1/stripe/coupon' })).json().data;

  it('gives free beta orders while seats remain, one per customer, then refuses with a clear message', async () => {
    expect(await coupon()).toEqual({ total: 2, used: 0, code: 'BETA', percentOff: 100 });
    expect((await betaOrder('b1@example.com')).statusCode).toBe(200);
    const twice = await betaOrder('b1@example.com');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The beta package is limited to one per customer');
    expect((await betaOrder('b2@example.com')).statusCode).toBe(200);
    expect(await coupon()).toMatchObject({ total: 2, used: 2 });
    const third = await betaOrder('b3@example.com');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('All beta spots are taken; please choose another package');
    const paid = await t.app.ctx.database.db.select().from(payments);
    expect(paid.map((p) => p.amountCents)).toEqual([0, 0]);
    // A free order is confirmed as free, with no receipt to show.
    const [b1] = (await readOutbox(t.dataDir)).filter((m) => m.to && 'text' in m.to && m.to.text === 'b1@example.com' && m.subject?.includes('confirmed'));
    expect(b1!.text).toContain('It is free: nothing was charged.');
    expect(b1!.text).not.toContain('Your receipt');
  });
});
