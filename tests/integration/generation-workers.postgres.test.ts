import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, portraits } from '@/server/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { countingGenerator } from './helpers/counting-generator';
import { placePaidOrder } from './helpers/orders';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

/**
 * PostgreSQL only (this file runs in the suite's PostgreSQL leg): two complete servers, each with its
 * own connection pool and pg-boss worker, on one database and one shared file folder, as two worker
 * processes would run them.
 */
describe('[generation] two worker processes on one PostgreSQL', () => {
  const first = countingGenerator({ paceMs: 20 });
  const second = countingGenerator({ paceMs: 20 });
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ ROLE: 'all' }, { generator: first.generator });
    const config = a.config.database;
    if (config.kind !== 'postgres') throw new Error('this file needs the PostgreSQL leg');
    b = await buildTestApp({ ROLE: 'all' }, { generator: second.generator, reuse: { dataDir: a.dataDir, databaseUrl: config.url } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('completes every order with each portrait made exactly once across both', async () => {
    const ids: string[] = [];
    for (const [i, email] of ['ann@example.com', 'ben@example.com', 'cat@example.com', 'dan@example.com'].entries()) {
      // Orders come in through both servers, as through two web processes behind a load balancer.
      const t = i % 2 === 0 ? a : b;
      const { cookie } = await signInAs(t, email);
      const orderId = await placePaidOrder(t, cookie);
      ids.push(orderId);
    }

    const { db } = a.app.ctx.database;
    for (let i = 0; i < 900; i++) {
      const rows = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
      if (rows.every((r) => r.status === 'completed')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows.map((o) => [o.status, o.imageGenerated])).toEqual(ids.map(() => ['completed', 20]));
    expect(await db.select().from(portraits).where(inArray(portraits.orderId, ids))).toHaveLength(80);

    const made = new Map<string, number>();
    for (const [key, n] of [...first.made, ...second.made]) made.set(key, (made.get(key) ?? 0) + n);
    expect(made.size).toBe(80);
    expect([...made.values()].every((n) => n === 1)).toBe(true);
    // The ready mail goes just after the status changes (the selfies are deleted in between): wait for it.
    const readyMails = async () => (await readOutbox(a.dataDir)).filter((m) => m.subject?.startsWith('Your portraits are ready'));
    for (let i = 0; i < 100 && (await readyMails()).length < 4; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await readyMails()).toHaveLength(4);
  });
});
