import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, portraits, selfies } from '@/server/db/schema';
import { purgeExpired } from '@/server/services/retention/purge-expired';
import { generateOrderJob } from '@/server/jobs/definitions';
import { buildTestApp, runJobs, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { placePaidOrder } from './helpers/orders';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';
import { priceOf } from '../support/prices';

// Twenty real offline portraits: allow for a busy machine. The one file about the rendered images
// (their size, format and thumbnails), so it renders them as the product does, mozjpeg included.
describe('[generation] a paid order becomes portraits', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { plainImages: false });
  });
  afterAll(() => t.close());

  it('goes processing → completed with exactly the package count at 832x1216, progress rising, selfies deleted, mail sent', async () => {
    const ada = await signInAs(t, 'gen@example.com');
    const orderId = await placePaidOrder(t, ada.cookie, 'beta');
    const info = () => t.app.inject({ method: 'POST', url: '/v1/order/info', headers: ada.headers, payload: { orderId } }).then((r) => r.json().data);
    // The customer's view while the worker runs the job: progress only ever rises.
    let generating = true;
    const ran = runJobs(t, generateOrderJob).finally(() => (generating = false));
    const progress: number[] = [];
    while (generating) {
      progress.push((await info()).progress);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await ran).toBe(1);
    const { status } = await info();
    progress.push((await info()).progress);
    expect(status).toBe('completed');
    expect(new Set(progress).size).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    expect((await info()).imageGenerated).toBe(20);

    const rows = await t.app.ctx.database.db.select().from(portraits).where(eq(portraits.orderId, orderId));
    expect(rows.map((r) => r.no).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const no of [1, 20]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/image/get/${orderId}/${no}`, headers: { cookie: ada.cookie } });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 832, height: 1216 });
    }
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/image/get/${orderId}/1?size=thumb`, headers: { cookie: ada.cookie } });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(416);
    expect(await t.app.ctx.database.db.select().from(selfies).where(eq(selfies.orderId, orderId))).toHaveLength(0);
    expect(await t.app.ctx.files.count(`orders/${orderId}/selfies`)).toBe(0);
    const mails = await readOutbox(t.dataDir);
    expect(mails.some((m) => m.subject === `Your portraits are ready (order ${orderId.slice(0, 8).toUpperCase()})`)).toBe(true);
  });

  it('serves a portrait only to its owner, 404 out of range, and 304 for a known ETag', async () => {
    const ada = await signInAs(t, 'owner@example.com');
    const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 20 });
    const eve = await signInAs(t, 'eve@example.com');
    const url = `/v1/image/get/${order!.id}/1`;
    const mine = await t.app.inject({ method: 'GET', url, headers: { cookie: ada.cookie } });
    expect(mine.headers['cache-control']).toContain('immutable');
    const again = await t.app.inject({ method: 'GET', url, headers: { cookie: ada.cookie, 'if-none-match': mine.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const theirs = await t.app.inject({ method: 'GET', url, headers: { cookie: eve.cookie } });
    const missing = await t.app.inject({ method: 'GET', url: `/v1/image/get/00000000-0000-4000-8000-000000000000/1`, headers: { cookie: eve.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    expect((await t.app.inject({ method: 'GET', url: `/v1/image/get/${order!.id}/21`, headers: { cookie: ada.cookie } })).statusCode).toBe(404);
    const infoTheirs = await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: eve.headers, payload: { orderId: order!.id } });
    expect(infoTheirs.statusCode).toBe(404);
  });
});

describe('[portraits] the gallery fetches portraits through the signed link in the order info', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' }, { clock });
  });
  afterAll(() => t.close());

  it("serves that order's portraits without a session until the end of the next UTC day, and nothing else", async () => {
    const ada = await signInAs(t, 'linked@example.com');
    const order = await seedCompletedOrder(t, ada.user.id);
    const other = await seedCompletedOrder(t, (await signInAs(t, 'other@example.com')).user.id);
    const info = await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: ada.headers, payload: { orderId: order.id } });
    const token = info.json().data.imageToken as string;
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    const linked = `/v1/image/get/${order.id}/1?t=${encodeURIComponent(token)}`;

    const full = await get(linked);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toContain('immutable');
    expect((await get(linked, { 'if-none-match': full.headers.etag as string })).statusCode).toBe(304);
    expect((await get(`/v1/image/get/${order.id}/1?size=thumb&t=${encodeURIComponent(token)}`)).statusCode).toBe(200);
    const missing = await get(`/v1/image/get/${order.id}/4?t=${encodeURIComponent(token)}`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Photo not found']);

    // The same token the whole day, so the browser keeps one URL per portrait.
    clock.advance(3600_000);
    const later = await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: ada.headers, payload: { orderId: order.id } });
    expect(later.json().data.imageToken).toBe(token);

    // Another order, a changed signature or an expired token: the session is asked for, as without a token.
    for (const url of [
      `/v1/image/get/${other.id}/1?t=${encodeURIComponent(token)}`,
      `/v1/image/get/${order.id}/1?t=${encodeURIComponent(`${token.slice(0, -2)}AA`)}`,
      `/v1/image/get/${order.id}/1?t=${encodeURIComponent(`9${token}`)}`,
      `/v1/image/get/${order.id}/1?t=garbage`,
    ]) {
      const refused = await get(url);
      expect([url, refused.statusCode, refused.json().message]).toEqual([url, 401, 'Please log in to continue']);
    }
    clock.advance(2 * 24 * 3600_000);
    expect((await get(linked)).statusCode).toBe(401);
    expect((await get(linked, { cookie: ada.cookie })).statusCode).toBe(200);
  });

  it('gives a replaced portrait (its next version) another validator, by link and by session', async () => {
    const ada = await signInAs(t, 'versions@example.com');
    const order = await seedCompletedOrder(t, ada.user.id);
    const info = await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: ada.headers, payload: { orderId: order.id } });
    const token = encodeURIComponent(info.json().data.imageToken as string);
    const etag = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect([url, res.statusCode]).toEqual([url, 200]);
      return res.headers.etag as string;
    };
    const thumb = `/v1/image/get/${order.id}/2?size=thumb`;
    const linkedBefore = await etag(`${thumb}&t=${token}`);
    const sessionBefore = await etag(thumb, { cookie: ada.cookie });
    const fullBefore = await etag(`/v1/image/get/${order.id}/2`, { cookie: ada.cookie });

    await t.app.ctx.database.db.update(portraits).set({ version: 1 }).where(eq(portraits.orderId, order.id));
    expect(await etag(`${thumb}&t=${token}&v=1`)).not.toBe(linkedBefore);
    expect(await etag(`${thumb}&t=${token}&v=0`)).toBe(linkedBefore);
    expect(await etag(thumb, { cookie: ada.cookie })).not.toBe(sessionBefore);
    expect(await etag(`/v1/image/get/${order.id}/2`, { cookie: ada.cookie })).not.toBe(fullBefore);
    for (const v of ['-1', 'x', '1.5', '10000000']) {
      expect((await t.app.inject({ method: 'GET', url: `${thumb}&t=${token}&v=${v}` })).statusCode).toBe(400);
    }
  });
});

describe('[retention] portraits and personal data go 30 days after delivery', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' }, { clock });
  });
  afterAll(() => t.close());

  it('purges nothing at day 29, everything personal at day 31, and the order then shows as expired', async () => {
    const ada = await signInAs(t, 'keep@example.com');
    const order = await seedCompletedOrder(t, ada.user.id);
    clock.advance(29 * 24 * 3600_000);
    expect(await purgeExpired(t.app.ctx)).toEqual([]);
    expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBeGreaterThan(0);
    clock.advance(2 * 24 * 3600_000);
    expect(await purgeExpired(t.app.ctx)).toEqual([order.id]);
    expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBe(0);
    expect(await t.app.ctx.database.db.select().from(portraits).where(eq(portraits.orderId, order.id))).toHaveLength(0);
    const [row] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ portraitInfo: null, priceCents: priceOf('basic'), packageId: 'basic' });
    // A month later the customer signs in again (the old session idled out) and sees the order as expired.
    const back = await signInAs(t, 'keep@example.com');
    const info = await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: back.headers, payload: { orderId: order.id } });
    expect(info.json().data).toMatchObject({ status: 'completed', expired: true, imageGenerated: 0, favoriteImages: [] });
  });
});
