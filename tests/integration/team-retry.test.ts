import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, teamInvitations } from '@/server/db/schema';
import { failGeneration } from '@/server/services/orders/order-lifecycle';
import { validAnswers } from '../support/answers';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { checkoutForm, makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { seedTeam } from './helpers/teams';

const OPERATOR = 'ops-team-retry@example.com';

describe('[teams] an operator’s retry of a failed seat order takes the seat again', () => {
  let t: TestApp;
  let photos: Buffer[];
  beforeAll(async () => {
    // Web-only: the orders are queued, never generated, so each status below is the one the test set.
    t = await buildTestApp({ ROLE: 'web', OPERATOR_EMAILS: OPERATOR });
    photos = await makePhotos(6);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });

  it('retries while the team has a free seat (the seat is used again), and refuses with the reason when it has none', async () => {
    const { people, team } = await seedTeam(t, 'retry');
    const operator = await signInAs(t, OPERATOR);
    const seats = async () => (await post('/v1/team/mine', people.owner.cookie, {})).json().data.admin.seats;
    const seatOf = async () => (await db().select().from(teamInvitations).where(eq(teamInvitations.id, team.memberId)))[0]!.seat;
    const retry = (orderId: string) => post('/v1/operator/orders/retry', operator.cookie, { orderId, requestId: randomUUID() });

    const form = checkoutForm(
      photos.map((bytes) => ({ bytes })),
      { portraitInfo: validAnswers({ package: 'basic' }) },
    );
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v1/team/order',
      headers: { cookie: people.member.cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
      payload: form.payload,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    expect(await seats()).toEqual({ bought: 2, used: 1, free: 1 });

    // The failure gives the seat back; the retry takes it again.
    expect(await failGeneration(db(), orderId, 'test failure', t.app.ctx.clock.now())).toBe(true);
    expect(await seatOf()).toBe('none');
    expect(await seats()).toEqual({ bought: 2, used: 0, free: 2 });
    const retried = await retry(orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await seatOf()).toBe('used');
    expect(await seats()).toEqual({ bought: 2, used: 1, free: 1 });
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'processing', teamSeat: true, retries: 1 });

    // It fails again; the team refunds every free seat, so none is left for a retry.
    expect(await failGeneration(db(), orderId, 'test failure again', t.app.ctx.clock.now())).toBe(true);
    const refunded = await post('/v1/team/seats/refund', people.owner.cookie, { teamId: team.teamId, purchaseId: team.purchaseId, requestId: randomUUID() });
    expect(refunded.json().data).toMatchObject({ refundedSeats: 2 });
    expect(await seats()).toEqual({ bought: 0, used: 0, free: 0 });

    const refused = await retry(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This team order gave its seat back when it failed, and the team has no free seat now: the team's admin can buy one, then retry",
    );
    const [still] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(still).toMatchObject({ status: 'failed', retries: 1, failureReason: 'test failure again' });
    expect(await seatOf()).toBe('none');
    expect(await seats()).toEqual({ bought: 0, used: 0, free: 0 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.orderId, orderId));
    // A refused action leaves no entry: the log holds the one retry carried out.
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([['retry', 'done']]);
  });
});
