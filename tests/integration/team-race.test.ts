import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/shared/limits';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

type Person = Awaited<ReturnType<typeof signInAs>>;

describe('[teams] the last seats, asked for at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
  });
  afterAll(() => t.close());

  const post = (url: string, who: Person, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });
  const invitationTo = async (email: string) => {
    const mails = (await readOutbox(t.dataDir)).filter((m) => [m.to ?? []].flat().some((to) => to.text.includes(email)));
    return /invitation=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
  };

  it('two seats go to at most two of five people joining together, and a refund racing them takes only what is free', async () => {
    const admin = await signInAs(t, 'owner@race.example');
    const teamId = (await post('/v1/team/create', admin, { name: 'Race Co' })).json().data.id as string;
    const { clientSecret, purchaseId } = (await post('/v1/team/seats/buy', admin, { teamId, packageId: 'basic', quantity: 2 })).json().data;
    expect((await post('/v1/checkout/offline/pay', admin, { clientSecret })).statusCode).toBe(200);
    // As many invitations as a team with two seats may have open (LIMITS.teamInvitationMargin beyond them).
    const emails = Array.from({ length: 2 + LIMITS.teamInvitationMargin }, (_, i) => `p${i}@race.example`);
    expect((await post('/v1/team/invite', admin, { teamId, emails, language: 'us' })).statusCode).toBe(200);
    const people = await Promise.all(emails.map(async (email) => ({ who: await signInAs(t, email), token: await invitationTo(email) })));

    // Five joins and a refund of the unused seats, all at once: two seats in all, never more.
    const [refund, ...joins] = await Promise.all([
      post('/v1/team/seats/refund', admin, { teamId, purchaseId, requestId: crypto.randomUUID() }),
      ...people.map(({ who, token }) => post('/v1/team/join', who, { invitation: token })),
    ]);
    expect(joins.every((j) => j.statusCode === 200)).toBe(true);
    const seated = joins.filter((j) => j.json().data.canOrder).length;
    const refunded = refund.statusCode === 200 ? (refund.json().data.refundedSeats as number) : 0;
    expect(seated + refunded).toBe(2);
    const { seats } = (await post('/v1/team/mine', admin, {})).json().data.admin;
    expect(seats).toEqual({ bought: 2 - refunded, used: 0, free: 0 });
    expect(joins.filter((j) => j.json().data.blocked === 'noSeat')).toHaveLength(emails.length - seated);
  });
});
