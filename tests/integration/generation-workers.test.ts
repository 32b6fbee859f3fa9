import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, portraits } from '@/server/db/schema';
import { LeaseBusyError, runGeneration } from '@/server/services/generation/run-generation';
import { buildTestApp, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { countingGenerator } from './helpers/counting-generator';
import { placePaidOrder as placeOrder } from './helpers/orders';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

/**
 * A new customer places and pays a 20-portrait beta order (one per customer); the app runs no jobs
 * (ROLE web), so the test drives generation itself.
 */
async function placePaidOrder(t: TestApp, email: string) {
  return placeOrder(t, (await signInAs(t, email)).cookie);
}

const readyMails = async (t: TestApp) => (await readOutbox(t.dataDir)).filter((m) => m.subject?.startsWith('Your portraits are ready'));

describe('[generation] workers racing for the same orders', () => {
  const counting = countingGenerator();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' }, { generator: counting.generator });
  });
  afterAll(() => t.close());

  it('makes each portrait exactly once when three workers start on three orders at the same moment', async () => {
    const ids = [await placePaidOrder(t, 'ada@example.com'), await placePaidOrder(t, 'bob@example.com'), await placePaidOrder(t, 'cy@example.com')];
    let busy = 0;
    const worker = (owner: string) =>
      Promise.all(
        ids.map((id) =>
          runGeneration(t.app.ctx, id, owner).catch((error) => {
            if (!(error instanceof LeaseBusyError)) throw error;
            busy++;
          }),
        ),
      );
    await Promise.all([worker('worker-a'), worker('worker-b'), worker('worker-c')]);

    const rows = await t.app.ctx.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((o) => [o.status, o.imageGenerated, o.progress])).toEqual(ids.map(() => ['completed', 20, 100]));
    // Every attempt that lost the race was refused: two losers per order.
    expect(busy).toBe(6);
    expect(counting.made.size).toBe(60);
    expect([...counting.made.values()].every((n) => n === 1)).toBe(true);
    expect(await readyMails(t)).toHaveLength(3);
  });
});

describe('[generation] a stalled worker whose order was taken over', () => {
  const clock = manualClock();
  const counting = countingGenerator();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' }, { clock, generator: counting.generator });
  });
  afterAll(() => t.close());

  it('stops after its step in flight, and neither finishes the order again nor winds its progress back', async () => {
    const orderId = await placePaidOrder(t, 'stall@example.com');

    // Worker A stalls while making portrait 3, long enough for its lease to go stale.
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let reachedStall!: () => void;
    const atStall = new Promise<void>((resolve) => (reachedStall = resolve));
    counting.setGate(async (_id, no) => {
      if (no === 3) {
        counting.setGate(undefined);
        reachedStall();
        await stalled;
      }
    });
    const workerA = runGeneration(t.app.ctx, orderId, 'worker-a');
    await atStall;
    clock.advance(21_000);

    // Worker B takes the order over and finishes it.
    expect(await runGeneration(t.app.ctx, orderId, 'worker-b')).toEqual({ outcome: 'completed' });
    const [finished] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));

    release();
    await expect(workerA).rejects.toBeInstanceOf(LeaseBusyError);

    const [after] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toMatchObject({ status: 'completed', progress: 100, imageGenerated: 20, completedAt: finished!.completedAt });
    expect(await t.app.ctx.database.db.select().from(portraits).where(eq(portraits.orderId, orderId))).toHaveLength(20);
    // Only the step A had in flight was made twice; A made nothing after it lost the lease.
    const counts = [...counting.made.entries()];
    expect(counts.filter(([, n]) => n > 1)).toEqual([[`${orderId}#3`, 2]]);
    expect(await readyMails(t)).toHaveLength(1);
  });
});
