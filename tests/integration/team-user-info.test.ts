import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { seedTeam } from './helpers/teams';

describe('[teams] the user info carries the account’s part in a team', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROLE: 'web' });
  });
  afterAll(() => t.close());

  const info = async (cookie: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/user/info', headers: { ...sameSite, cookie }, payload: {} })).json().data.team;

  it('names the team run (owner, admin) before one joined, the member’s team, and null for anyone else', async () => {
    const { people, team } = await seedTeam(t, 'info');
    expect(await info(people.owner.cookie)).toEqual({ role: 'owner', teamId: team.teamId });
    expect(await info(people.admin.cookie)).toEqual({ role: 'admin', teamId: team.teamId });
    expect(await info(people.member.cookie)).toEqual({ role: 'member', teamId: team.teamId });
    expect(await info(people.stranger.cookie)).toBeNull();
    const other = await info(people.otherAdmin.cookie);
    expect(other).toMatchObject({ role: 'owner' });
    expect(other.teamId).not.toBe(team.teamId);

    const asOwner = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: people.owner.cookie }, payload });
    // A revoked invitation is no membership; removing an admin takes the role away.
    expect((await asOwner('/v1/team/member/revoke', { teamId: team.teamId, memberId: team.memberId })).statusCode).toBe(200);
    expect(await info(people.member.cookie)).toBeNull();
    expect((await asOwner('/v1/team/admin/remove', { teamId: team.teamId, email: team.adminEmail })).statusCode).toBe(200);
    expect(await info(people.admin.cookie)).toBeNull();

    // Someone who starts a team of their own runs it.
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/team/create',
      headers: { ...sameSite, cookie: people.member.cookie },
      payload: { name: 'Side' },
    });
    expect(await info(people.member.cookie)).toEqual({ role: 'owner', teamId: created.json().data.id });
  });
});
