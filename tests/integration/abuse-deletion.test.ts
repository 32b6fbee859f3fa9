import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, portraits } from '@/server/db/schema';
import { generateOrderJob, sweepFilesJob } from '@/server/jobs/definitions';
import { storeCandidate } from '@/server/services/generation/best-of';
import { replaceStoredPortrait } from '@/server/services/generation/store-portrait';
import { markDeleting, OrderGoneError } from '@/server/services/orders/order-lifecycle';
import { keepLikeness } from '@/server/services/refresh/likeness';
import { buildTestApp, runJobs, type TestApp } from './helpers/app';
import { countingGenerator } from './helpers/counting-generator';
import { placePaidOrder } from './helpers/orders';
import { makePhotos } from './helpers/photos';
import { buildScriptedLikenessApp } from './helpers/scripted-faces';
import { signInAs } from './helpers/session';

/** Case 4 of the hostile customer: deleting while the portraits are being made leaves nothing behind, for good. */

const OPERATOR = 'ops@studio.example';

describe('[abuse] deletion during generation', () => {
  let t: TestApp;
  const counting = countingGenerator();
  beforeAll(async () => {
    t = await buildTestApp({ OPERATOR_EMAILS: OPERATOR }, { generator: counting.generator });
  });
  afterAll(() => t.close());

  const rowsOf = async (orderId: string) => {
    const { db } = t.app.ctx.database;
    return {
      orders: (await db.select().from(orders).where(eq(orders.id, orderId))).length,
      portraits: (await db.select().from(portraits).where(eq(portraits.orderId, orderId))).length,
    };
  };

  /** Holds generation just before portrait `no` is handed over, until `release()`. */
  function holdAt(no: number) {
    let release!: () => void;
    let reached!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    counting.setGate(async (_orderId, n) => {
      if (n !== no) return;
      reached();
      await released;
    });
    return { arrived, release };
  }

  it('case 4: deleting the account while its order is generated stops generation and leaves 0 files and 0 rows', async () => {
    const kim = await signInAs(t, 'kim@example.com');
    const orderId = await placePaidOrder(t, kim.cookie, 'beta');
    const hold = holdAt(3);
    const generating = runJobs(t, generateOrderJob, { orderId });
    await hold.arrived;
    expect(await t.app.ctx.files.count(`orders/${orderId}/portraits`)).toBe(2);

    const deleted = await t.app.inject({ method: 'POST', url: '/v1/user/delete', headers: kim.headers, payload: {} });
    expect(deleted.json()).toMatchObject({ code: 0 });
    hold.release();
    await generating;
    counting.setGate(undefined);

    // The held portrait was made, and its files removed again; nothing was written after.
    expect(counting.made.get(`${orderId}#3`)).toBe(1);
    expect(counting.made.get(`${orderId}#4`)).toBeUndefined();
    expect(await t.app.ctx.files.count(`orders/${orderId}`)).toBe(0);
    expect(await t.app.ctx.files.listFolders('orders')).not.toContain(orderId);
    expect(await rowsOf(orderId)).toEqual({ orders: 0, portraits: 0 });
    // No job is left to try again.
    expect(await runJobs(t, generateOrderJob, { orderId })).toBe(0);
  });

  it('case 4: an order being deleted is no longer its customer’s, and generation never takes it up again', async () => {
    const lee = await signInAs(t, 'lee@example.com');
    const orderId = await placePaidOrder(t, lee.cookie, 'beta');
    // A deletion cut short after its mark (the file store failed): the order stays marked.
    await t.app.ctx.database.db.execute(sql`update orders set deleting_at = now() where id = ${orderId}`);
    const info = await t.app.inject({ method: 'POST', url: '/v1/order/info', headers: lee.headers, payload: { orderId } });
    expect(info.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'POST', url: '/v1/order/list', headers: lee.headers, payload: {} });
    expect(list.json().data).toEqual([]);
    await runJobs(t, generateOrderJob, { orderId });
    expect(counting.made.has(`${orderId}#1`)).toBe(false);
    expect(await t.app.ctx.files.count(`orders/${orderId}/portraits`)).toBe(0);
  });

  it('case 4: the daily sweep deletes files under an order that no longer exists, and the console shows it', async () => {
    const stray = randomUUID();
    await t.app.ctx.files.put(`orders/${stray}/portraits/1.jpg`, Buffer.from('left behind'), 'image/jpeg');
    const mia = await signInAs(t, 'mia@example.com');
    const kept = await placePaidOrder(t, mia.cookie, 'beta');

    await t.app.ctx.queue.send(sweepFilesJob, {});
    expect(await runJobs(t, sweepFilesJob)).toBe(1);
    expect(await t.app.ctx.files.count(`orders/${stray}`)).toBe(0);
    expect(await t.app.ctx.files.count(`orders/${kept}`)).toBeGreaterThan(0);

    const operator = await signInAs(t, OPERATOR);
    const overview = await t.app.inject({ method: 'POST', url: '/v1/operator/overview', headers: operator.headers, payload: {} });
    expect(overview.json().data.fileSweep).toMatchObject({ orphans: 1 });
  });
});

describe('[abuse] a writer that finds its order deleted leaves no folder', () => {
  // The likeness check's writers (a candidate image, the kept likeness) and a replacement, each finding the
  // order deleted after it wrote: the order's folder goes, not only the files just written.
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await buildScriptedLikenessApp({ LIKENESS_CHECK: 'on' }, new Map()));
  });
  afterAll(() => t.close());

  it('case 4: a candidate, a kept likeness and a replaced portrait written during a deletion take the order folder with them', async () => {
    const db = t.app.ctx.database.db;
    const kim = await signInAs(t, 'kim-folders@example.com');
    const orderId = await placePaidOrder(t, kim.cookie, 'beta');
    const folders = () => t.app.ctx.files.listFolders('orders');
    expect(await folders()).toContain(orderId);
    // The deletion has marked the order and removed its files; its row is not gone yet.
    await markDeleting(db, eq(orders.id, orderId), t.app.ctx.clock.now());
    await t.app.ctx.files.deletePrefix(`orders/${orderId}`);

    // One of ada's selfies (scripted as hers) stands for each image written.
    const [selfie] = await makePhotos(1);
    await expect(storeCandidate(t.app.ctx, orderId, { no: 1, jpeg: selfie! }, null)).rejects.toThrow(OrderGoneError);
    expect(await folders()).not.toContain(orderId);

    await expect(keepLikeness(t.app.ctx, orderId, async () => [selfie!])).rejects.toThrow(OrderGoneError);
    expect(await folders()).not.toContain(orderId);

    await expect(
      replaceStoredPortrait(t.app.ctx, { orderId, no: 1, replacementId: randomUUID() }, selfie!, { score: null, seed: 1, look: null }),
    ).rejects.toThrow(OrderGoneError);
    expect(await folders()).not.toContain(orderId);
    expect(await t.app.ctx.files.count(`orders/${orderId}`)).toBe(0);
  });
});
