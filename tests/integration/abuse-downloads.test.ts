import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads, orders, portraits } from '@/server/db/schema';
import { storePortrait } from '@/server/services/generation/store-portrait';
import { renderRendition } from '@/server/services/orders/renditions';
import { portraitKey, previewKey, thumbKey } from '@/server/services/orders/storage-keys';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { makePhoto } from './helpers/photos';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';

type Session = Awaited<ReturnType<typeof signInAs>>;

const CROSS_SITE_REFUSAL = { code: 403, message: 'Cross-site download refused: download your portraits from the site itself', data: null };

/**
 * Issue 27: a portrait counts as downloaded when its full resolution leaves the server, by any path, and
 * the money-back guarantee ends with the first one. Thumbnails and previews are not downloads.
 */
describe('[downloads] what leaves the server at full resolution ends the money-back guarantee', () => {
  let t: TestApp;
  let ada: Session;

  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
    ada = await signInAs(t, 'downloads-ada@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;

  /**
   * A paid, delivered Basic order (offline checkout) that can still be refunded, with `count` real
   * 832x1216 portraits: stored as generation stores them (thumbnail and preview), or `legacy`, as they
   * were stored before previews existed (the portrait and its thumbnail only).
   */
  async function refundableOrder(who: Session, { count = 3, legacy = false } = {}) {
    const order = await seedCompletedOrder(t, who.user.id, { portraitsCount: count });
    // The seed records a download and stores 4-byte stand-ins: this order has neither.
    await db().delete(downloads).where(eq(downloads.orderId, order.id));
    await db().delete(portraits).where(eq(portraits.orderId, order.id));
    for (let no = 1; no <= count; no++) {
      const jpeg = await makePhoto(no, 832, 1216);
      if (!legacy) {
        await storePortrait(t.app.ctx, order.id, no, jpeg);
        continue;
      }
      await t.app.ctx.files.put(portraitKey(order.id, no), jpeg, 'image/jpeg');
      await t.app.ctx.files.put(thumbKey(order.id, no), await renderRendition(jpeg, 'thumb'), 'image/jpeg');
      await db()
        .insert(portraits)
        .values({
          orderId: order.id,
          no,
          storageKey: portraitKey(order.id, no),
          thumbKey: thumbKey(order.id, no),
          width: 832,
          height: 1216,
          bytes: jpeg.length,
        });
    }
    return order.id;
  }

  const info = async (who: Session, orderId: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: who.headers, payload: { orderId } })).json().data as {
      refundable: boolean;
      imageToken: string;
    };
  const refundBlock = async (who: Session, orderId: string) => {
    const list = (await t.app.inject({ method: 'POST', url: '/v1/order/list', headers: who.headers, payload: {} })).json().data as {
      id: string;
      refundBlock: string | null;
    }[];
    return list.find((o) => o.id === orderId)?.refundBlock;
  };
  const refund = (who: Session, orderId: string) =>
    t.app.inject({ method: 'POST', url: '/v1/order/refund', headers: { ...sameSite, cookie: who.cookie }, payload: { orderId } });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const image = (orderId: string, no: number, query = '') => `/v1/image/get/${orderId}/${no}${query}`;
  const linked = (token: string) => `t=${encodeURIComponent(token)}`;
  const dimensions = async (bytes: Buffer) => {
    const { width, height, format } = await sharp(bytes).metadata();
    return { width, height, format };
  };
  /** The guarantee still holds: My Orders offers the refund and the photo selector would ask before a download. */
  const expectRefundable = async (who: Session, orderId: string) => {
    expect(await refundBlock(who, orderId)).toBeNull();
    expect((await info(who, orderId)).refundable).toBe(true);
  };
  const expectDownloaded = async (who: Session, orderId: string) => {
    expect(await refundBlock(who, orderId)).toBe('downloaded');
    expect((await info(who, orderId)).refundable).toBe(false);
  };

  it('(case 1) refuses the refund after every full portrait was fetched with curl, by the session or by the signed link', async () => {
    const bySession = await refundableOrder(ada);
    const byLink = await refundableOrder(ada);
    await expectRefundable(ada, bySession);
    await expectRefundable(ada, byLink);

    // curl with the session cookie: no Fetch Metadata, the customer's own request. Every byte is served.
    for (let no = 1; no <= 3; no++) {
      const res = await get(image(bySession, no), { cookie: ada.cookie });
      expect(res.statusCode).toBe(200);
      expect(await dimensions(res.rawPayload)).toEqual({ width: 832, height: 1216, format: 'jpeg' });
    }
    // curl with the order info's signed link, and no session at all.
    const { imageToken } = await info(ada, byLink);
    for (let no = 1; no <= 3; no++) {
      const res = await get(image(byLink, no, `?${linked(imageToken)}`));
      expect(res.statusCode).toBe(200);
      expect(await dimensions(res.rawPayload)).toEqual({ width: 832, height: 1216, format: 'jpeg' });
    }

    for (const orderId of [bySession, byLink]) {
      await expectDownloaded(ada, orderId);
      expect((await refund(ada, orderId)).json()).toMatchObject({ code: 409, message: 'You downloaded portraits from this order' });
    }
  });

  it('(case 1) leaves the refund possible after every thumbnail and preview was fetched, and a preview is smaller than the portrait', async () => {
    const current = await refundableOrder(ada);
    const legacy = await refundableOrder(ada, { legacy: true });
    // A portrait stored before thumbnails too: its thumbnail is made from it, never answered with it.
    await db()
      .update(portraits)
      .set({ thumbKey: null })
      .where(and(eq(portraits.orderId, legacy), eq(portraits.no, 3)));
    await t.app.ctx.files.delete(thumbKey(legacy, 3));
    expect(await t.app.ctx.files.readBuffer(previewKey(legacy, 1))).toBeNull();

    for (const orderId of [current, legacy]) {
      const { imageToken } = await info(ada, orderId);
      for (let no = 1; no <= 3; no++) {
        for (const query of ['?size=thumb', '?size=preview', `?size=thumb&${linked(imageToken)}`, `?size=preview&${linked(imageToken)}`]) {
          const res = await get(image(orderId, no, query), query.includes('t=') ? {} : { cookie: ada.cookie });
          expect(res.statusCode, `${orderId} ${no}${query}`).toBe(200);
          const { width, height } = await dimensions(res.rawPayload);
          expect({ width, height }, `${no}${query}`).toEqual(query.includes('thumb') ? { width: 416, height: 608 } : { width: 600, height: 877 });
        }
      }
      await expectRefundable(ada, orderId);
    }
    // The previews the older portraits lacked were made once and kept beside their thumbnails.
    expect(await dimensions((await t.app.ctx.files.readBuffer(previewKey(legacy, 1)))!)).toMatchObject({ width: 600, height: 877 });
    expect(await t.app.ctx.files.readBuffer(thumbKey(legacy, 3))).not.toBeNull();

    // Lower than the deliverable: fewer pixels, fewer bytes.
    const preview = await get(image(current, 1, '?size=preview'), { cookie: ada.cookie });
    const [row] = await db()
      .select()
      .from(portraits)
      .where(and(eq(portraits.orderId, current), eq(portraits.no, 1)));
    expect(preview.rawPayload.length).toBeLessThan(row!.bytes);

    const refunded = await refund(ada, legacy);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toBe('Refunded');
  });

  it('records nothing for a revalidation (304) and exposes no HEAD', async () => {
    const orderId = await refundableOrder(ada);
    const [row] = await db()
      .select({ id: portraits.id, version: portraits.version })
      .from(portraits)
      .where(and(eq(portraits.orderId, orderId), eq(portraits.no, 1)));
    // The validator a browser holds from an earlier download: the portrait and its version (a replacement moves it on).
    const revalidated = await get(image(orderId, 1), { cookie: ada.cookie, 'if-none-match': `"${row!.id}-full-v${row!.version}"` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const head = await t.app.inject({ method: 'HEAD', url: image(orderId, 1), headers: { cookie: ada.cookie } });
    expect(head.statusCode).toBe(404);
    await expectRefundable(ada, orderId);
  });

  describe('(case 7b) a request another site makes', () => {
    it.each(['cross-site', 'same-site'])('gets no full portrait and no zip with Sec-Fetch-Site: %s, and the refund stays possible', async (site) => {
      const orderId = await refundableOrder(ada);
      await t.app.inject({ method: 'POST', url: '/v1/order/setFavorite', headers: ada.headers, payload: { orderId, noList: [2] } });
      const { imageToken } = await info(ada, orderId);
      const fromThere = { cookie: ada.cookie, 'sec-fetch-site': site };

      for (const url of [
        `/v1/order/groupDownload/${orderId}`,
        `/v1/order/groupDownload/${orderId}?favorites=true`,
        image(orderId, 1),
        image(orderId, 2, `?${linked(imageToken)}`),
        image(orderId, 3, '?size=full'),
      ]) {
        const res = await get(url, fromThere);
        expect([url, res.statusCode]).toEqual([url, 403]);
        expect(res.json()).toEqual(CROSS_SITE_REFUSAL);
      }
      // Thumbnails and previews change nothing: another site may still show them, as before.
      expect((await get(image(orderId, 1, '?size=thumb'), fromThere)).statusCode).toBe(200);
      expect((await get(image(orderId, 1, '?size=preview'), fromThere)).statusCode).toBe(200);

      await expectRefundable(ada, orderId);
      expect(await db().select().from(downloads).where(eq(downloads.orderId, orderId))).toEqual([]);
    });

    it('downloads and records from the site itself, or typed in the address bar', async () => {
      const zipped = await refundableOrder(ada);
      const zip = await get(`/v1/order/groupDownload/${zipped}`, { cookie: ada.cookie, 'sec-fetch-site': 'same-origin' });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      await expectDownloaded(ada, zipped);

      const single = await refundableOrder(ada);
      const { imageToken } = await info(ada, single);
      const one = await get(image(single, 2, `?${linked(imageToken)}`), { 'sec-fetch-site': 'same-origin' });
      expect(one.statusCode).toBe(200);
      await expectDownloaded(ada, single);

      const typed = await refundableOrder(ada);
      expect((await get(image(typed, 1), { cookie: ada.cookie, 'sec-fetch-site': 'none' })).statusCode).toBe(200);
      await expectDownloaded(ada, typed);
    });
  });

  describe('(case 9) the zip of a refunded order', () => {
    it('answers 410 "This order was refunded" once the refund took the portraits', async () => {
      const orderId = await refundableOrder(ada);
      expect((await refund(ada, orderId)).statusCode).toBe(200);
      for (const query of ['', '?favorites=true']) {
        const res = await get(`/v1/order/groupDownload/${orderId}${query}`, { cookie: ada.cookie });
        expect(res.statusCode).toBe(410);
        expect(res.json()).toEqual({ code: 410, message: 'This order was refunded', data: null });
      }
      // The portraits are gone with it: no single portrait either.
      expect((await get(image(orderId, 1), { cookie: ada.cookie })).statusCode).toBe(404);
    });

    it('still zips a refunded order whose portraits were left to the customer', async () => {
      const orderId = await refundableOrder(ada);
      // An operator's refund that keeps the portraits until the retention purge.
      await db().update(orders).set({ status: 'refunded', refundedAt: t.app.ctx.clock.now() }).where(eq(orders.id, orderId));
      const res = await get(`/v1/order/groupDownload/${orderId}`, { cookie: ada.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
    });
  });
});
