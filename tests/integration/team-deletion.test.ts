import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

type Person = Awaited<ReturnType<typeof signInAs>>;

describe('[teams] a member who deletes their account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
  });
  afterAll(() => t.close());

  const post = (url: string, who: Person, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });
  const mine = async (who: Person) => (await post('/v1/team/mine', who, {})).json().data;
  const invitationTo = async (email: string) => {
    const mails = (await readOutbox(t.dataDir)).filter((m) => [m.to ?? []].flat().some((to) => to.text.includes(email)));
    return /invitation=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
  };

  it('gives back the seat kept for them, and the same address can join again with the same invitation', async () => {
    const admin = await signInAs(t, 'owner@deleted-member.example');
    const teamId = (await post('/v1/team/create', admin, { name: 'Deletion Ltd' })).json().data.id as string;
    const { clientSecret } = (await post('/v1/team/seats/buy', admin, { teamId, packageId: 'basic', quantity: 1 })).json().data;
    expect((await post('/v1/checkout/offline/pay', admin, { clientSecret })).statusCode).toBe(200);
    await post('/v1/team/invite', admin, { teamId, emails: ['kim@deleted-member.example'], language: 'us' });
    const token = await invitationTo('kim@deleted-member.example');

    const kim = await signInAs(t, 'kim@deleted-member.example');
    expect((await post('/v1/team/join', kim, { invitation: token })).statusCode).toBe(200);
    expect((await mine(admin)).admin.seats).toEqual({ bought: 1, used: 0, free: 0 });

    expect((await post('/v1/user/delete', kim, {})).json()).toMatchObject({ code: 0 });
    const after = (await mine(admin)).admin;
    expect(after.seats).toEqual({ bought: 1, used: 0, free: 1 });
    expect(after.members).toEqual([expect.objectContaining({ email: 'kim@deleted-member.example', status: 'invited', joinedAt: null })]);

    // A new account with the same address joins again and holds the seat once more.
    const again = await signInAs(t, 'kim@deleted-member.example');
    const joined = await post('/v1/team/join', again, { invitation: token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toMatchObject({ teamName: 'Deletion Ltd', canOrder: true });
    expect((await mine(admin)).admin.seats).toEqual({ bought: 1, used: 0, free: 0 });
  });
});
