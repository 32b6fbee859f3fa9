import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readlink } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { downloads, favorites, orders, payments, portraits, selfies } from '@/server/db/schema';
import { orderFolder, portraitKey } from '@/server/services/orders/storage-keys';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { makePhoto } from './helpers/photos';
import { seedCompletedOrder } from './helpers/seed';
import { signInAs } from './helpers/session';

type Session = Awaited<ReturnType<typeof signInAs>>;

interface ZipEntry {
  name: string;
  compressionMethod: number;
  bytes: Buffer;
}

/** Every entry of a zip, read with yauzl (which checks sizes and CRCs as it goes). */
function unzip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, compressionMethod: entry.compressionMethod, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('[orders] the order calls', () => {
  let t: TestApp;
  let ada: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await buildTestApp();
    ada = await signInAs(t, 'ada@example.com');
    bob = await signInAs(t, 'bob@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (url: string, payload: object, who: Session | null = ada) =>
    t.app.inject({ method: 'POST', url, headers: who ? who.headers : sameSite, payload });
  const zipOf = (orderId: string, query = '', who: Session | null = ada) =>
    t.app.inject({ method: 'GET', url: `/v1/order/groupDownload/${orderId}${query}`, headers: who ? { cookie: who.cookie } : {} });

  /** A completed order whose portraits are real, distinct JPEGs (the seed's files are 4-byte stand-ins). */
  async function orderWithRealPortraits(who: Session, count = 3) {
    const order = await seedCompletedOrder(t, who.user.id, { portraitsCount: count });
    for (let no = 1; no <= count; no++) {
      const jpeg = await makePhoto(no, 208, 304);
      await t.app.ctx.files.put(portraitKey(order.id, no), jpeg, 'image/jpeg');
      await db()
        .update(portraits)
        .set({ width: 208, height: 304, bytes: jpeg.length })
        .where(and(eq(portraits.orderId, order.id), eq(portraits.no, no)));
    }
    return order;
  }

  const zipDownloads = async (orderId: string) =>
    (
      await db()
        .select()
        .from(downloads)
        .where(and(eq(downloads.orderId, orderId), eq(downloads.via, 'zip')))
    )
      .map((d) => d.no)
      .sort((a, b) => a - b);

  describe('POST /v1/order/list', () => {
    it("lists the caller's orders newest first, with every field, and nobody else's", async () => {
      const carol = await signInAs(t, 'carol@example.com');
      const older = await seedCompletedOrder(t, carol.user.id, { portraitsCount: 2 });
      const newer = await seedCompletedOrder(t, carol.user.id, { portraitsCount: 3 });
      await db()
        .update(orders)
        .set({ createdAt: new Date('2026-11-01T10:00:00Z') })
        .where(eq(orders.id, older.id));
      await db()
        .update(orders)
        .set({ createdAt: new Date('2026-11-20T10:00:00Z'), comment: 'For LinkedIn' })
        .where(eq(orders.id, newer.id));
      await seedCompletedOrder(t, bob.user.id);

      const res = await post('/v1/order/list', {}, carol);
      expect(res.statusCode).toBe(200);
      const list = res.json().data;
      expect(list.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
      expect(list[0]).toEqual({
        id: newer.id,
        createdAt: '2026-11-20T10:00:00.000Z',
        status: 'completed',
        progress: 100,
        comment: 'For LinkedIn',
        portraitInfo: { type: 'doctor', package: 'basic', gender: 'woman', name: 'Doctor Photos' },
        imageGenerated: 3,
        favoriteImages: [1],
        expired: false,
        // The seed records a download: the refund policy no longer applies.
        refundBlock: 'downloaded',
      });
    });

    it('reports a purged order as expired, with no portraits and only its category and package', async () => {
      const dan = await signInAs(t, 'dan@example.com');
      const order = await seedCompletedOrder(t, dan.user.id);
      // The answers go even if the purge left them behind.
      await db().update(orders).set({ purgedAt: new Date() }).where(eq(orders.id, order.id));
      const [listed] = (await post('/v1/order/list', {}, dan)).json().data;
      expect(listed).toMatchObject({
        id: order.id,
        status: 'completed',
        imageGenerated: 0,
        favoriteImages: [],
        expired: true,
        portraitInfo: { type: 'doctor', package: 'basic', name: 'Doctor Photos' },
      });
      expect(Object.keys(listed.portraitInfo).sort()).toEqual(['name', 'package', 'type']);
    });

    it('answers an empty list to a customer without orders', async () => {
      const eve = await signInAs(t, 'eve@example.com');
      expect((await post('/v1/order/list', {}, eve)).json()).toEqual({ code: 0, message: 'success', data: [] });
    });

    it('refuses input it does not know', async () => {
      const res = await post('/v1/order/list', { userId: bob.user.id });
      expect(res.statusCode).toBe(400);
    });
  });

  describe("another customer's order answers exactly like a missing one", () => {
    const calls: [string, (orderId: string) => Promise<{ statusCode: number; body: string }>][] = [
      ['delete', (orderId) => post('/v1/order/delete', { orderId })],
      ['setComment', (orderId) => post('/v1/order/setComment', { orderId, comment: 'mine now' })],
      ['setFavorite', (orderId) => post('/v1/order/setFavorite', { orderId, noList: [1] })],
      ['addDownloaded', (orderId) => post('/v1/order/addDownloaded', { orderId, no: 1 })],
      ['groupDownload', (orderId) => zipOf(orderId)],
      ['groupDownload favorites', (orderId) => zipOf(orderId, '?favorites=true')],
    ];

    it.each(calls)('%s', async (_name, call) => {
      const bobsOrder = await seedCompletedOrder(t, bob.user.id);
      const foreign = await call(bobsOrder.id);
      const missing = await call(randomUUID());
      const malformed = await call('not-an-order');
      expect(foreign.statusCode).toBe(404);
      expect(JSON.parse(foreign.body)).toEqual({ code: 404, message: 'Order not found', data: null });
      expect(missing.statusCode).toBe(foreign.statusCode);
      expect(missing.body).toBe(foreign.body);
      expect(malformed.body).toBe(foreign.body);
      // Bob's order is untouched.
      const [after] = await db().select().from(orders).where(eq(orders.id, bobsOrder.id));
      expect(after).toMatchObject({ comment: '' });
      expect((await db().select().from(favorites).where(eq(favorites.orderId, bobsOrder.id))).map((f) => f.no)).toEqual([1]);
      expect(await db().select().from(downloads).where(eq(downloads.orderId, bobsOrder.id))).toHaveLength(1);
    });
  });

  describe('signed out', () => {
    it.each([
      ['/v1/order/list', {}],
      ['/v1/order/delete', { orderId: randomUUID() }],
      ['/v1/order/setComment', { orderId: randomUUID(), comment: 'x' }],
      ['/v1/order/setFavorite', { orderId: randomUUID(), noList: [] }],
      ['/v1/order/addDownloaded', { orderId: randomUUID(), no: 1 }],
    ])('%s answers 401 asking to log in', async (url, payload) => {
      const res = await post(url, payload, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, data: null });
      expect(res.json().message).toMatch(/log in/);
    });

    it('sends the zip navigation to the login page, which brings the customer back', async () => {
      const orderId = randomUUID();
      const res = await zipOf(orderId, '?favorites=true', null);
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string, 'http://x');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('redirectURL')).toBe(`/v1/order/groupDownload/${orderId}?favorites=true`);
    });
  });

  describe('POST /v1/order/setComment', () => {
    it('stores the comment trimmed', async () => {
      const order = await seedCompletedOrder(t, ada.user.id);
      const res = await post('/v1/order/setComment', { orderId: order.id, comment: '   For the website  ' });
      expect(res.json()).toMatchObject({ code: 0, message: 'Saved comment', data: { comment: 'For the website' } });
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row!.comment).toBe('For the website');
    });

    it.each([
      ['exactly 100 characters', 'x'.repeat(100), 200],
      ['100 characters once trimmed', `  ${'x'.repeat(100)}  `, 200],
      ['101 characters', 'x'.repeat(101), 400],
      ['an empty comment (clearing it)', '', 200],
    ])('%s', async (_name, comment, status) => {
      const order = await seedCompletedOrder(t, ada.user.id);
      const res = await post('/v1/order/setComment', { orderId: order.id, comment });
      expect(res.statusCode).toBe(status);
      if (status === 400) {
        expect(res.json().message).toBe('Invalid comment: must be at most 100 characters');
        const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
        expect(row!.comment).toBe('');
      }
    });

    it('refuses a missing comment, naming the field', async () => {
      const order = await seedCompletedOrder(t, ada.user.id);
      const res = await post('/v1/order/setComment', { orderId: order.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid comment/);
    });
  });

  describe('POST /v1/order/setFavorite', () => {
    it('replaces the favorites with the list', async () => {
      const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 5 });
      expect((await post('/v1/order/setFavorite', { orderId: order.id, noList: [5, 2, 3] })).json().data).toEqual({ favoriteImages: [2, 3, 5] });
      expect((await post('/v1/order/setFavorite', { orderId: order.id, noList: [4] })).statusCode).toBe(200);
      const rows = await db().select().from(favorites).where(eq(favorites.orderId, order.id));
      expect(rows.map((r) => r.no)).toEqual([4]);
      expect((await post('/v1/order/setFavorite', { orderId: order.id, noList: [] })).statusCode).toBe(200);
      expect(await db().select().from(favorites).where(eq(favorites.orderId, order.id))).toEqual([]);
    });

    it.each([
      ['0', [0]],
      ['one past imageGenerated', [1, 4]],
      ['a negative number', [-1]],
      ['a fraction', [1.5]],
      ['a duplicate', [2, 2]],
      ['a string', ['1']],
    ])('refuses %s, naming noList, and keeps the old favorites', async (_name, noList) => {
      const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 3 });
      const res = await post('/v1/order/setFavorite', { orderId: order.id, noList });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid noList/);
      const rows = await db().select().from(favorites).where(eq(favorites.orderId, order.id));
      expect(rows.map((r) => r.no)).toEqual([1]);
    });

    it('counts only the portraits generated so far on an order still processing', async () => {
      const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 4 });
      await db().update(orders).set({ status: 'processing', imageGenerated: 2, progress: 50 }).where(eq(orders.id, order.id));
      expect((await post('/v1/order/setFavorite', { orderId: order.id, noList: [2] })).statusCode).toBe(200);
      const res = await post('/v1/order/setFavorite', { orderId: order.id, noList: [3] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid noList: 3 is not a portrait of this order (1 to 2)');
    });
  });

  describe('POST /v1/order/addDownloaded', () => {
    it("records a single download of one of the order's portraits", async () => {
      const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 3 });
      expect((await post('/v1/order/addDownloaded', { orderId: order.id, no: 3 })).statusCode).toBe(200);
      const rows = await db().select().from(downloads).where(eq(downloads.orderId, order.id));
      expect(rows.map((r) => [r.no, r.via]).sort()).toEqual([
        [1, 'single'],
        [3, 'single'],
      ]);
    });

    it.each([0, 4, 1.5])('refuses portrait %s', async (no) => {
      const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 3 });
      const res = await post('/v1/order/addDownloaded', { orderId: order.id, no });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid no/);
    });
  });

  describe('POST /v1/order/delete', () => {
    it.each(['pending', 'processing', 'failed'] as const)('refuses a %s order with 409 and keeps it', async (status) => {
      const order = await seedCompletedOrder(t, ada.user.id);
      await db().update(orders).set({ status }).where(eq(orders.id, order.id));
      const res = await post('/v1/order/delete', { orderId: order.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, message: `Only completed orders can be deleted; this order is ${status}`, data: null });
      expect(await db().select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
      expect(await t.app.ctx.files.count(orderFolder(order.id))).toBe(1 + 3 * 2);
    });

    it('removes a completed order with its files and rows; the payment stays, detached', async () => {
      const order = await seedCompletedOrder(t, ada.user.id);
      const other = await seedCompletedOrder(t, ada.user.id);
      const res = await post('/v1/order/delete', { orderId: order.id });
      expect(res.json()).toEqual({ code: 0, message: 'Order deleted', data: null });

      expect(await t.app.ctx.files.count(orderFolder(order.id))).toBe(0);
      for (const table of [selfies, portraits, favorites, downloads]) {
        expect(await db().select().from(table).where(eq(table.orderId, order.id))).toEqual([]);
      }
      expect(await db().select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
      const [payment] = await db().select().from(payments).where(eq(payments.checkoutSessionId, order.checkoutSessionId!));
      expect(payment).toMatchObject({ orderId: null, userId: ada.user.id, amountCents: 3500 });
      // The customer's other order is untouched, and the list no longer has the deleted one.
      expect(await t.app.ctx.files.count(orderFolder(other.id))).toBe(1 + 3 * 2);
      const ids = (await post('/v1/order/list', {})).json().data.map((o: { id: string }) => o.id);
      expect(ids).toContain(other.id);
      expect(ids).not.toContain(order.id);
      // Deleting again: it is gone.
      expect((await post('/v1/order/delete', { orderId: order.id })).statusCode).toBe(404);
    });
  });

  describe('GET /v1/order/groupDownload/:orderId', () => {
    it('streams every portrait as photo-{n}.jpg, stored without recompression, and records the downloads', async () => {
      const order = await orderWithRealPortraits(ada, 3);
      const res = await zipOf(order.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="portraits-${order.id.slice(0, 8).toUpperCase()}.zip"`);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const entries = await unzip(res.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(['photo-1.jpg', 'photo-2.jpg', 'photo-3.jpg']);
      for (const [i, entry] of entries.entries()) {
        expect(entry.compressionMethod).toBe(0);
        expect(entry.bytes.equals((await t.app.ctx.files.readBuffer(portraitKey(order.id, i + 1)))!)).toBe(true);
        const meta = await sharp(entry.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 208, 304]);
      }
      expect(await zipDownloads(order.id)).toEqual([1, 2, 3]);
    });

    it('zips only the favorites with ?favorites=true', async () => {
      const order = await orderWithRealPortraits(ada, 4);
      await post('/v1/order/setFavorite', { orderId: order.id, noList: [4, 2] });
      const res = await zipOf(order.id, '?favorites=true');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="portraits-${order.id.slice(0, 8).toUpperCase()}-favorites.zip"`);
      const entries = await unzip(res.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(['photo-2.jpg', 'photo-4.jpg']);
      for (const entry of entries) expect((await sharp(entry.bytes).metadata()).format).toBe('jpeg');
      expect(await zipDownloads(order.id)).toEqual([2, 4]);
    });

    it('includes only the portraits generated so far on an order still processing', async () => {
      const order = await orderWithRealPortraits(ada, 3);
      await db().update(orders).set({ status: 'processing', imageGenerated: 2 }).where(eq(orders.id, order.id));
      await db()
        .delete(portraits)
        .where(and(eq(portraits.orderId, order.id), eq(portraits.no, 3)));
      const entries = await unzip((await zipOf(order.id)).rawPayload);
      expect(entries.map((e) => e.name)).toEqual(['photo-1.jpg', 'photo-2.jpg']);
    });

    it('answers 409 when there is nothing to zip, and records nothing', async () => {
      const order = await orderWithRealPortraits(ada, 2);
      await post('/v1/order/setFavorite', { orderId: order.id, noList: [] });
      const res = await zipOf(order.id, '?favorites=true');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('You have not chosen any favorite portraits of this order yet');
      expect(await zipDownloads(order.id)).toEqual([]);
    });

    it('answers 410 once the portraits were purged', async () => {
      const order = await orderWithRealPortraits(ada, 2);
      await db().update(orders).set({ purgedAt: new Date() }).where(eq(orders.id, order.id));
      expect((await zipOf(order.id)).statusCode).toBe(410);
    });

    it('closes the portrait files when the client goes away half-way', async () => {
      // 30 MB of incompressible bytes: far more than the socket buffers, so the download is cut mid-stream.
      const order = await seedCompletedOrder(t, ada.user.id, { portraitsCount: 30 });
      for (let no = 1; no <= 30; no++) {
        const bytes = randomBytes(1024 * 1024);
        await t.app.ctx.files.put(portraitKey(order.id, no), bytes, 'image/jpeg');
        await db()
          .update(portraits)
          .set({ bytes: bytes.length })
          .where(and(eq(portraits.orderId, order.id), eq(portraits.no, no)));
      }
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const received = await new Promise<number>((resolve, reject) => {
        const request = get(`http://127.0.0.1:${port}/v1/order/groupDownload/${order.id}`, { headers: { cookie: ada.cookie } }, (response) => {
          expect(response.statusCode).toBe(200);
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > 2 * 1024 * 1024) {
              request.destroy();
              resolve(bytes);
            }
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      expect(received).toBeLessThan(30 * 1024 * 1024);
      const openPortraitFiles = async () => {
        const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
        return links.filter((target) => target.includes(order.id));
      };
      // Right after the abort the next file may still be opening; a leak shows once things have settled.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect.poll(openPortraitFiles, { timeout: 5000 }).toEqual([]);
      // The server carries on.
      expect((await post('/v1/order/list', {})).statusCode).toBe(200);
    });

    it('refuses a favorites flag it does not understand', async () => {
      const order = await orderWithRealPortraits(ada, 1);
      const res = await zipOf(order.id, '?favorites=yes');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid favorites/);
    });
  });
});
