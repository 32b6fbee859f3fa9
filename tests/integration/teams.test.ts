import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, orders, teamInvitations } from '@/server/db/schema';
import { generateOrderJob } from '@/server/jobs/definitions';
import { failGeneration } from '@/server/services/orders/order-lifecycle';
import { buildTestApp, runJobs, sameSite, type TestApp } from './helpers/app';
import { makePhotos } from './helpers/photos';
import { signInAs } from './helpers/session';
import { invitationTokenOf, placeTeamOrder } from './helpers/teams';

type Person = Awaited<ReturnType<typeof signInAs>>;

describe('[teams] seats, invitations, members’ orders, the admin’s page', () => {
  let t: TestApp;
  let photos: Buffer[];
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
    photos = await makePhotos(6);
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.database.db;
  const post = (url: string, who: Person, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });
  const mine = async (who: Person) => (await post('/v1/team/mine', who, {})).json().data;
  const order = (who: Person) => placeTeamOrder(t, who.cookie, photos);
  const tokenIn = (email: string) => invitationTokenOf(t, email);

  it('buys 3 seats, invites 2 and a link capped at 1; 3 members order without paying; a 4th is refused; revoke, failure and refund give seats back', async () => {
    const admin = await signInAs(t, 'boss@acme.example');
    const created = await post('/v1/team/create', admin, { name: 'Acme' });
    expect(created.statusCode, created.body).toBe(200);
    const teamId = created.json().data.id as string;

    const bought = await post('/v1/team/seats/buy', admin, { teamId, packageId: 'basic', quantity: 3 });
    expect(bought.statusCode, bought.body).toBe(200);
    const { clientSecret, sessionId, purchaseId } = bought.json().data;
    const summary = await post('/v1/checkout/offline/session', admin, { clientSecret });
    expect(summary.json().data).toMatchObject({ purchaseId, quantity: 3, discountCents: 0 });
    expect((await post('/v1/checkout/offline/session', admin, { clientSecret, couponCode: 'FIRST30' })).statusCode).toBe(400);
    const paid = await post('/v1/checkout/offline/pay', admin, { clientSecret });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paying again and confirming are harmless: one purchase, one receipt.
    expect((await post('/v1/checkout/offline/pay', admin, { clientSecret })).statusCode).toBe(200);
    expect((await post('/v1/team/seats/confirm', admin, { sessionId })).json().data).toMatchObject({ purchaseId, status: 'paid' });
    expect((await mine(admin)).admin.seats).toEqual({ bought: 3, used: 0, free: 3 });
    const receipts = (await post('/v1/stripe/receipts', admin, {})).json().data as { amount: number }[];
    expect(receipts).toHaveLength(1);

    const invited = await post('/v1/team/invite', admin, { teamId, emails: ['ann@acme.example', 'bob@acme.example', 'ann@acme.example'], language: 'fr' });
    expect(invited.json().data).toEqual({ invited: ['ann@acme.example', 'bob@acme.example'], skipped: [] });
    const link = (await post('/v1/team/link/create', admin, { teamId, domain: 'acme.example', cap: 1, expiresInDays: 7 })).json().data;
    const linkToken = new URL(link.url).searchParams.get('link')!;

    const ann = await signInAs(t, 'ann@acme.example');
    const bob = await signInAs(t, 'bob@acme.example');
    const cat = await signInAs(t, 'cat@acme.example');
    const dan = await signInAs(t, 'dan@acme.example');
    const eve = await signInAs(t, 'eve@other.example');
    // An invitation joins only its own address.
    expect((await post('/v1/team/join', bob, { invitation: await tokenIn('ann@acme.example') })).statusCode).toBe(403);
    expect((await post('/v1/team/join', ann, { invitation: await tokenIn('ann@acme.example') })).statusCode).toBe(200);
    expect((await post('/v1/team/join', ann, { invitation: await tokenIn('ann@acme.example') })).statusCode).toBe(200);
    expect((await post('/v1/team/join', bob, { invitation: await tokenIn('bob@acme.example') })).statusCode).toBe(200);
    expect((await post('/v1/team/join', eve, { link: linkToken })).statusCode).toBe(403);
    const joined = await post('/v1/team/join', cat, { link: linkToken });
    expect(joined.json().data).toMatchObject({ teamName: 'Acme', canOrder: true, packageId: 'basic' });
    expect((await post('/v1/team/join', dan, { link: linkToken })).statusCode).toBe(409);

    for (const member of [ann, bob, cat]) expect((await order(member)).statusCode).toBe(200);
    expect((await order(ann)).statusCode).toBe(409);
    expect((await mine(admin)).admin.seats).toEqual({ bought: 3, used: 3, free: 0 });

    // A 4th person, invited after the seats ran out, joins but cannot order.
    await post('/v1/team/invite', admin, { teamId, emails: ['dan@acme.example'], language: 'us' });
    const danJoined = await post('/v1/team/join', dan, { invitation: await tokenIn('dan@acme.example') });
    expect(danJoined.json().data).toMatchObject({ canOrder: false, blocked: 'noSeat' });
    const refused = await order(dan);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no free seat/);

    // The orders are paid for by the team and complete.
    const annOrder = (await mine(ann)).membership.orderIds[0] as string;
    const [row] = await db().select().from(orders).where(eq(orders.id, annOrder));
    expect(row).toMatchObject({ amountCents: 0, status: 'processing', teamId });
    while ((await runJobs(t, generateOrderJob)) > 0);
    const statuses = (await mine(admin)).admin.members.map((m: { email: string; status: string }) => [m.email, m.status]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['ann@acme.example', 'done'],
        ['bob@acme.example', 'done'],
        ['cat@acme.example', 'done'],
        ['dan@acme.example', 'signedIn'],
      ]),
    );

    // The admin sees favourites only: thumbnails of them, and a zip with a folder per member.
    await post('/v1/order/setFavorite', ann, { orderId: annOrder, noList: [1, 2] });
    const view = (await mine(admin)).admin;
    const annView = view.members.find((m: { email: string }) => m.email === 'ann@acme.example');
    expect(annView.favorites.map((f: { no: number }) => f.no)).toEqual([1, 2]);
    const thumb = await t.app.inject({ method: 'GET', url: annView.favorites[0].url });
    expect(thumb.statusCode).toBe(200);
    const notFavourite = await t.app.inject({ method: 'GET', url: annView.favorites[0].url.replace(`/${annOrder}/1?`, `/${annOrder}/3?`) });
    expect(notFavourite.statusCode).toBe(401);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/v1/team/${teamId}/favorites.zip`,
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(zip.statusCode).toBe(200);
    const names = await zipNames(zip.rawPayload);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.startsWith('ann@acme.example/')).toBe(true);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/team/${teamId}/members.csv`,
      headers: { cookie: admin.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(csv.body.split('\r\n')[0]).toMatch(/^email,status/);
    // A member reaches no admin call and no admin download.
    expect((await post('/v1/team/invite', ann, { teamId, emails: ['x@acme.example'], language: 'us' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/team/${teamId}/members.csv`, headers: { cookie: ann.cookie, 'sec-fetch-site': 'same-origin' } }))
        .statusCode,
    ).toBe(404);

    // A member's order that fails for good gives its seat back; dan can now order.
    await post('/v1/team/invite', admin, { teamId, emails: ['fay@acme.example'], language: 'us' });
    const bobOrder = (await mine(bob)).membership.orderIds[0] as string;
    await db().update(orders).set({ status: 'processing' }).where(eq(orders.id, bobOrder));
    expect(await failGeneration(db(), bobOrder, 'test failure', new Date())).toBe(true);
    expect((await mine(admin)).admin.seats).toMatchObject({ used: 2, free: 1 });

    // A revoked invitation returns the seat its member held.
    const fay = await signInAs(t, 'fay@acme.example');
    await post('/v1/team/join', fay, { invitation: await tokenIn('fay@acme.example') });
    expect((await mine(admin)).admin.seats.free).toBe(0);
    const fayId = (await db().select().from(teamInvitations).where(eq(teamInvitations.email, 'fay@acme.example')))[0]!.id;
    expect((await post('/v1/team/member/revoke', admin, { teamId, memberId: fayId })).statusCode).toBe(200);
    expect((await mine(admin)).admin.seats.free).toBe(1);
    const annId = (await db().select().from(teamInvitations).where(eq(teamInvitations.email, 'ann@acme.example')))[0]!.id;
    expect((await post('/v1/team/member/revoke', admin, { teamId, memberId: annId })).statusCode).toBe(409);

    // The unused seat is refunded, once per request.
    const requestId = randomUUID();
    const refund = await post('/v1/team/seats/refund', admin, { teamId, purchaseId, requestId });
    expect(refund.json().data).toEqual({ refundedSeats: 1, amountCents: receipts[0]!.amount / 3, currency: 'usd' });
    expect((await post('/v1/team/seats/refund', admin, { teamId, purchaseId, requestId })).json().data.refundedSeats).toBe(1);
    expect((await post('/v1/team/seats/refund', admin, { teamId, purchaseId, requestId: randomUUID() })).statusCode).toBe(409);
    expect((await mine(admin)).admin.seats).toMatchObject({ bought: 2, free: 0 });
    expect(await db().select().from(favorites).where(eq(favorites.orderId, annOrder))).toHaveLength(2);
    // Three orders of 20 portraits each are generated and checked: minutes on a small machine.
  }, 600_000);
});

function zipNames(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: { fileName: string }) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.readEntry();
    });
  });
}
