import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, replacements } from '@/server/db/schema';
import { generateOrderJob, replacePortraitJob } from '@/server/jobs/definitions';
import { replaceStoredPortrait } from '@/server/services/generation/store-portrait';
import { OrderGoneError, purgeOrder } from '@/server/services/orders/order-lifecycle';
import { portraitKey } from '@/server/services/orders/storage-keys';
import { sweepOrphanFiles } from '@/server/services/retention/sweep-files';
import { runJobs, type TestApp } from './helpers/app';
import { placePaidOrder } from './helpers/orders';
import { buildScriptedLikenessApp, type OrderScript, type ScriptedFaces } from './helpers/scripted-faces';
import { signInAs } from './helpers/session';

/**
 * A hostile customer asking for free replacements and then a refund, hoping to keep both: whatever ends
 * an order's portraits (the retention purge, a refund that revokes them) ends its replacements, and
 * no file of the order outlives it. The likeness check runs on scripted analyses (helpers/scripted-faces.ts).
 */
describe('[abuse] refunds and purges stop pending replacements', { timeout: 240_000 }, () => {
  let t: TestApp;
  let faces: ScriptedFaces;
  const scripts = new Map<string, OrderScript>();
  beforeAll(async () => {
    ({ t, faces } = await buildScriptedLikenessApp({ LIKENESS_CHECK: 'on' }, scripts));
  });
  afterAll(() => t.close());
  afterEach(() => expect(faces.unknown.splice(0)).toEqual([]));

  const db = (app: TestApp) => app.app.ctx.database.db;
  const info = async (app: TestApp, headers: Record<string, string>, orderId: string) =>
    (await app.app.inject({ method: 'POST', url: '/v1/order/info', headers, payload: { orderId } })).json().data;
  const replace = (app: TestApp, headers: Record<string, string>, orderId: string, no: number) =>
    app.app.inject({ method: 'POST', url: '/v1/order/replacePortrait', headers, payload: { orderId, no } });

  /** A delivered beta order of ada's, its likeness kept (so it may have replacements). */
  async function generateScripted(email: string) {
    const customer = await signInAs(t, email);
    const orderId = await placePaidOrder(t, customer.cookie, 'beta');
    scripts.set(orderId, {});
    expect(await runJobs(t, generateOrderJob, { orderId })).toBe(1);
    return { orderId, headers: customer.headers as Record<string, string> };
  }

  it('a purge or a revoking refund racing the replacements ends them: no file of the order is left, late ones write nothing, the sweep finds leftovers', async () => {
    const files = (orderId: string) => t.app.ctx.files.count(`orders/${orderId}/`);
    const refundedSoon = async (orderId: string) => {
      await purgeOrder(t.app.ctx, orderId, t.app.ctx.clock.now());
      // What a refund that revokes the portraits adds to the purge: the order is refunded.
      await db(t).update(orders).set({ status: 'refunded', refundedAt: t.app.ctx.clock.now() }).where(eq(orders.id, orderId));
    };

    // Both free replacements queued, then the purge, then their jobs: they end as failed and write nothing.
    const queued = await generateScripted('likeness-purge-queued@example.com');
    for (const no of [2, 4]) expect((await replace(t, queued.headers, queued.orderId, no)).statusCode).toBe(200);
    await refundedSoon(queued.orderId);
    expect(await files(queued.orderId)).toBe(0);
    for (const job of await db(t).select({ id: replacements.id }).from(replacements).where(eq(replacements.orderId, queued.orderId)))
      await runJobs(t, replacePortraitJob, { replacementId: job.id });
    expect(await files(queued.orderId)).toBe(0);
    expect(
      await db(t).select({ status: replacements.status, reason: replacements.reason }).from(replacements).where(eq(replacements.orderId, queued.orderId)),
    ).toEqual([
      { status: 'failed', reason: "The order's portraits were removed" },
      { status: 'failed', reason: "The order's portraits were removed" },
    ]);

    // The purge racing the running replacements, many times over: never a file left.
    for (let round = 0; round < 4; round++) {
      const racing = await generateScripted(`likeness-purge-race-${round}@example.com`);
      for (const no of [1, 3]) expect((await replace(t, racing.headers, racing.orderId, no)).statusCode).toBe(200);
      const { imageToken } = await info(t, racing.headers, racing.orderId);
      const pending = await db(t).select({ id: replacements.id }).from(replacements).where(eq(replacements.orderId, racing.orderId));
      await Promise.all([...pending.map((r) => runJobs(t, replacePortraitJob, { replacementId: r.id })), refundedSoon(racing.orderId)]);
      expect(await files(racing.orderId), `round ${round}`).toBe(0);
      // The signed link serves nothing of an order whose portraits are gone, in any size.
      for (const size of ['thumb', 'preview', 'full']) {
        const linked = await t.app.inject({ method: 'GET', url: `/v1/image/get/${racing.orderId}/1?size=${size}&t=${encodeURIComponent(imageToken)}` });
        expect(linked.statusCode, size).toBe(404);
      }
    }

    // A leftover an outage left in a purged order's folder is swept.
    const purged = await generateScripted('likeness-purge-leftover@example.com');
    await refundedSoon(purged.orderId);
    await t.app.ctx.files.put(`orders/${purged.orderId}/portraits/1.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const sweep = await sweepOrphanFiles(t.app.ctx);
    expect(sweep.orphans).toBeGreaterThanOrEqual(1);
    expect(await files(purged.orderId)).toBe(0);
  });

  it('a second run of a replacement another run settled keeps the portrait it put in place', async () => {
    const { orderId, headers } = await generateScripted('replacement-twice@example.com');
    expect((await replace(t, headers, orderId, 2)).statusCode).toBe(200);
    const [pending] = await db(t).select({ id: replacements.id }).from(replacements).where(eq(replacements.orderId, orderId));
    expect(await runJobs(t, replacePortraitJob, { replacementId: pending!.id })).toBe(1);
    const before = await t.app.ctx.files.count(`orders/${orderId}/`);
    const jpeg = await t.app.ctx.files.readBuffer(portraitKey(orderId, 2));
    await expect(replaceStoredPortrait(t.app.ctx, { orderId, no: 2, replacementId: pending!.id }, jpeg!, { score: 0.9, seed: 1, look: null })).rejects.toThrow(
      OrderGoneError,
    );
    expect(await t.app.ctx.files.count(`orders/${orderId}/`)).toBe(before);
    const { imageToken } = await info(t, headers, orderId);
    for (const size of ['thumb', 'preview', 'full']) {
      const linked = await t.app.inject({ method: 'GET', url: `/v1/image/get/${orderId}/2?size=${size}&t=${encodeURIComponent(imageToken)}` });
      expect(linked.statusCode, size).toBe(200);
    }
  });
});
