import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oauthIdentities, payments } from '@/server/db/schema';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { seedCompletedOrder } from './helpers/seed';
import { sessionCookieOf, signInAs } from './helpers/session';
import { priceOf } from '../support/prices';

const OWNED_TABLES = ['users', 'sessions', 'oauth_identities', 'orders', 'selfies', 'portraits', 'favorites', 'downloads'] as const;

describe('[account] deleting an account', () => {
  // Each test has an app of its own: the counts below are the whole database's.
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  async function counts() {
    const { db } = t.app.ctx.database;
    const result: Record<string, number> = {};
    for (const table of OWNED_TABLES) {
      const rows = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
      result[table] = Number((rows as unknown as { rows: { n: number }[] }).rows[0]!.n);
    }
    return result;
  }

  it('removes every row and file of that user and leaves other users untouched', async () => {
    const ada = await signInAs(t, 'ada@example.com');
    const bob = await signInAs(t, 'bob@example.com');
    await t.app.ctx.database.db.insert(oauthIdentities).values({ userId: ada.user.id, provider: 'google', subject: 'g-ada', email: 'ada@example.com' });
    const adaOrders = [await seedCompletedOrder(t, ada.user.id), await seedCompletedOrder(t, ada.user.id, { portraitsCount: 2 })];
    const bobOrder = await seedCompletedOrder(t, bob.user.id);

    const before = await counts();
    expect(before).toMatchObject({ users: 2, sessions: 2, oauth_identities: 1, orders: 3, selfies: 3, portraits: 8, favorites: 3, downloads: 3 });
    expect(await t.app.ctx.files.count('orders')).toBe(3 + 8 * 2);

    const res = await t.app.inject({ method: 'POST', url: '/v1/user/delete', headers: ada.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(0);
    // The browser drops its session cookie: emptied, expired at once, on the path it was set for.
    const cleared = sessionCookieOf(res.headers['set-cookie'])!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(expect.arrayContaining(['path=/', 'max-age=0']));

    expect(await counts()).toEqual({ users: 1, sessions: 1, oauth_identities: 0, orders: 1, selfies: 1, portraits: 3, favorites: 1, downloads: 1 });
    for (const order of adaOrders) expect(await t.app.ctx.files.count(`orders/${order.id}`)).toBe(0);
    expect(await t.app.ctx.files.count(`orders/${bobOrder.id}`)).toBe(1 + 3 * 2);

    // Payments stay for bookkeeping, detached from the person.
    const kept = await t.app.ctx.database.db.select().from(payments);
    expect(kept).toHaveLength(3);
    const detached = kept.filter((p) => p.userId === null);
    expect(detached).toHaveLength(2);
    for (const p of detached) expect(p).toMatchObject({ orderId: null, cardLast4: null, amountCents: priceOf('basic'), currency: 'usd' });

    // The deleted customer is signed out everywhere; the other customer is still signed in.
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: ada.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: bob.cookie } })).json().data.email).toBe('bob@example.com');
  });

  it('refuses deletion when not signed in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/user/delete', headers: sameSite, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/log in/);
  });

  it('refuses a cross-site deletion request even with a valid session', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/delete',
      headers: { cookie: eve.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: eve.cookie } })).statusCode).toBe(200);
  });
});

describe("[account] one customer cannot reach another's data", () => {
  // Each test has an app of its own: the counts below are the whole database's.
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(() => t.close());

  it("user/info answers only with the caller's own account", async () => {
    const ada = await signInAs(t, 'ada@example.com');
    const bob = await signInAs(t, 'bob@example.com');
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/v1/user/info', headers: bob.headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.json().data.email).toBe('bob@example.com');
      expect(res.body).not.toContain('ada@example.com');
    }
    expect(ada.user.id).not.toBe(bob.user.id);
  });

  it('user/delete deletes only the caller, whatever the body says', async () => {
    const ada = await signInAs(t, 'ada2@example.com');
    const bob = await signInAs(t, 'bob2@example.com');
    await seedCompletedOrder(t, ada.user.id);
    const smuggled = await t.app.inject({ method: 'POST', url: '/v1/user/delete', headers: bob.headers, payload: { userId: ada.user.id } });
    expect(smuggled.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/v1/user/delete', headers: bob.headers, payload: {} })).statusCode).toBe(200);
    const adaInfo = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: ada.cookie } });
    expect(adaInfo.json().data.email).toBe('ada2@example.com');
    const { orders } = await import('@/server/db/schema');
    expect(await t.app.ctx.database.db.select().from(orders).where(eq(orders.userId, ada.user.id))).toHaveLength(1);
  });
});
