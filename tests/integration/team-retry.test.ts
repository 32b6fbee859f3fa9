import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, teamInvitations } from '@/server/db/schema';
import { failGeneration } from '@/server/services/orders/order-lifecycle';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { placeTeamOrder, seedTeam } from './helpers/teams';

const OPERATOR = 'ops-team-retry@example.com';

// One app for the file, each test with teams of its own (seedTeam). Web-only: the orders are queued, never
// generated, so each status below is the one the test set.
let t: TestApp;
let photos: Buffer[];
beforeAll(async () => {
  t = await buildTestApp({ ROLE: 'web', OPERATOR_EMAILS: OPERATOR });
  photos = await makePhotos(6);
});
afterAll(() => t.close());

const db = () => t.app.ctx.database.db;
const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });

describe('[teams] an operator’s retry of a failed seat order takes the seat again', () => {
  it('retries while the team has a free seat (the seat is used again), and refuses with the reason when it has none', async () => {
    const { people, team } = await seedTeam(t, 'retry');
    const operator = await signInAs(t, OPERATOR);
    const seats = async () => (await post('/v1/team/mine', people.owner.cookie, {})).json().data.admin.seats;
    const seatOf = async () => (await db().select().from(teamInvitations).where(eq(teamInvitations.id, team.memberId)))[0]!.seat;
    const retry = (orderId: string) => post('/v1/operator/orders/retry', operator.cookie, { orderId, requestId: randomUUID() });

    const placed = await placeTeamOrder(t, people.member.cookie, photos);
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

describe('[teams] the free retry follows a failure or a shortfall, or the operator', () => {
  /** A seeded team whose member's order was delivered with `delivered` of its portraits. */
  async function deliveredTeamOrder(prefix: string, delivered: (promised: number) => number) {
    const seeded = await seedTeam(t, prefix);
    const placed = await placeTeamOrder(t, seeded.people.member.cookie, photos);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderId as string;
    const [order] = await db().select({ imageTotal: orders.imageTotal }).from(orders).where(eq(orders.id, orderId));
    // How the generation ended, as the test means it: delivered, with this many portraits.
    await db()
      .update(orders)
      .set({ status: 'completed', completedAt: t.app.ctx.clock.now(), imageGenerated: delivered(order!.imageTotal) })
      .where(eq(orders.id, orderId));
    return seeded;
  }
  const memberRow = async (cookie: string, memberId: string) =>
    ((await post('/v1/team/mine', cookie, {})).json().data.admin.members as { id: string; canRetry: boolean; retryUsed: boolean }[]).find(
      (m) => m.id === memberId,
    );
  const canOrder = async (cookie: string) => (await post('/v1/team/mine', cookie, {})).json().data.membership.canOrder as boolean;

  it('is not offered after a full delivery, and is after one short of its portraits', async () => {
    const full = await deliveredTeamOrder('retry-full', (promised) => promised);
    expect(await memberRow(full.people.owner.cookie, full.team.memberId)).toMatchObject({ canRetry: false });
    const refused = await post('/v1/team/member/retry', full.people.admin.cookie, { teamId: full.team.teamId, memberId: full.team.memberId });
    expect(refused.json()).toEqual({ code: 409, message: 'A retry can be given once the member’s order failed or came short of its portraits', data: null });
    expect(await canOrder(full.people.member.cookie)).toBe(false);

    const short = await deliveredTeamOrder('retry-short', (promised) => promised - 3);
    expect(await memberRow(short.people.owner.cookie, short.team.memberId)).toMatchObject({ canRetry: true });
    const given = await post('/v1/team/member/retry', short.people.admin.cookie, { teamId: short.team.teamId, memberId: short.team.memberId });
    expect(given.json()).toMatchObject({ code: 0, message: 'Retry given' });
    expect(await memberRow(short.people.owner.cookie, short.team.memberId)).toMatchObject({ canRetry: false, retryUsed: true });
    expect(await canOrder(short.people.member.cookie)).toBe(true);
  });

  it('the operator gives it after a full delivery, audited and once', async () => {
    const { people, team } = await deliveredTeamOrder('retry-operator', (promised) => promised);
    const operator = await signInAs(t, OPERATOR);
    const consoleMember = async () =>
      ((await post('/v1/operator/teams/get', operator.cookie, { teamId: team.teamId })).json().data.members as { id: string; canGrantRetry: boolean }[]).find(
        (m) => m.id === team.memberId,
      );
    expect(await consoleMember()).toMatchObject({ canGrantRetry: true });
    const grant = (requestId = randomUUID()) =>
      post('/v1/operator/teams/grantRetry', operator.cookie, { teamId: team.teamId, memberId: team.memberId, requestId });
    const granted = await grant();
    expect(granted.json()).toMatchObject({ code: 0, message: 'Retry given', data: { action: 'grantTeamRetry', customerEmail: people.member.user.email } });
    expect(await canOrder(people.member.cookie)).toBe(true);
    expect(await consoleMember()).toMatchObject({ canGrantRetry: false });
    expect((await grant()).json()).toEqual({ code: 409, message: 'This member’s free retry was already given', data: null });
    // A customer, even the team's owner, cannot reach the console's call.
    expect(
      (await post('/v1/operator/teams/grantRetry', people.owner.cookie, { teamId: team.teamId, memberId: team.memberId, requestId: randomUUID() })).statusCode,
    ).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'grantTeamRetry'));
    expect(audit.map((a) => [a.customerEmail, a.outcome])).toEqual([[people.member.user.email, 'done']]);
  });
});
