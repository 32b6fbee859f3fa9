import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTokens, oauthFlows, sessions, users } from '@/server/db/schema';
import { generateOrderJob, housekeepingJob } from '@/server/jobs/definitions';
import { buildTestApp, runJobs, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';

const HOUR = 3600_000;

describe('[jobs] the queue and the hourly housekeeping', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const jobStates = async (name: string) => {
    const result = await t.app.ctx.database.db.execute(sql`select state, retry_count from pgboss.job where name = ${name} order by created_on`);
    return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows;
  };

  it('removes expired sessions, sign-in links a day past expiry and stale OAuth flows, and keeps the rest', async () => {
    const { db } = t.app.ctx.database;
    const now = clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const [user] = await db.insert(users).values({ email: 'house@example.com', nickName: 'House' }).returning();
    await db.insert(sessions).values([
      { userId: user!.id, tokenHash: 'session-expired', expiresAt: at(-1000) },
      { userId: user!.id, tokenHash: 'session-live', expiresAt: at(HOUR) },
    ]);
    await db.insert(loginTokens).values([
      { tokenHash: 'link-old', email: 'house@example.com', expiresAt: at(-25 * HOUR) },
      // Expired an hour ago: kept a day, so a late click still gets the "already used or expired" page.
      { tokenHash: 'link-recent', email: 'house@example.com', expiresAt: at(-HOUR), usedAt: at(-2 * HOUR) },
    ]);
    await db.insert(oauthFlows).values([
      { stateHash: 'flow-stale', provider: 'google', codeVerifier: 'v', nonce: 'n', expiresAt: at(-1000) },
      { stateHash: 'flow-open', provider: 'google', codeVerifier: 'v', nonce: 'n', expiresAt: at(10 * 60_000) },
    ]);

    await t.app.ctx.queue.send(housekeepingJob, {});
    expect(await runJobs(t, housekeepingJob)).toBe(1);

    expect((await db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h)).toEqual(['session-live']);
    expect((await db.select({ h: loginTokens.tokenHash }).from(loginTokens)).map((r) => r.h)).toEqual(['link-recent']);
    expect((await db.select({ h: oauthFlows.stateHash }).from(oauthFlows)).map((r) => r.h)).toEqual(['flow-open']);
    expect(await jobStates(housekeepingJob.name)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('fails a job whose payload is malformed, at once and for good, without running it', async () => {
    await t.app.ctx.queue.send(generateOrderJob, { orderId: 'not-an-order-id' } as never);
    expect(await runJobs(t, generateOrderJob)).toBe(1);
    // generate-order normally retries 20 times; a payload that can never be valid gets no retry.
    expect(await jobStates(generateOrderJob.name)).toEqual([{ state: 'failed', retry_count: 0 }]);
    expect(await runJobs(t, generateOrderJob)).toBe(0);
  });
});
