import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@/shared/limits';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { signInAs } from './helpers/session';
import { mailsTo } from './helpers/smtp';
import { addAdmin, adminTokenOf } from './helpers/teams';

/**
 * A hostile team owner naming admins: a stranger made admin without asking, an address probed for an
 * account, the invitation mail used to reach people. Admins are by consent: an invitation the person
 * accepts or declines, and nothing of the team reaches their account before.
 */
describe('[abuse] admins by consent', () => {
  // Each test has an app and a clock of its own: the counts are per team and per day.
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    clock = manualClock(new Date('2026-11-10T09:00:00Z'));
    t = await buildTestApp({}, { clock });
  });
  afterEach(() => t.close());

  type Person = Awaited<ReturnType<typeof signInAs>>;
  const post = (who: Person, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });
  const mine = async (who: Person) => (await post(who, '/v1/team/mine', {})).json().data as { admin: { id: string; name: string } | null; membership: unknown };
  async function teamOf(who: Person, name: string) {
    const created = await post(who, '/v1/team/create', { name });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data.id as string;
  }

  it('an admin named without consent sees nothing and can still create a team; accepting later is refused while they run one', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const ann = await signInAs(t, 'ann@example.com');
    const teamId = await teamOf(eve, 'Acme');
    const named = await post(eve, '/v1/team/admin/add', { teamId, email: 'ann@example.com' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.admins).toEqual([{ email: 'eve@example.com', role: 'owner' }]);
    expect(named.json().data.adminInvitations).toEqual([{ email: 'ann@example.com', invitedAt: '2026-11-10T09:00:00.000Z' }]);

    // Nothing of Acme on Ann's account, and nothing blocked: she runs a team of her own.
    expect(await mine(ann)).toEqual({ admin: null, membership: null });
    expect((await post(ann, '/v1/user/info', {})).json().data.team).toBeNull();
    const annTeam = await teamOf(ann, 'Ann’s studio');

    // The mail's link: Ann may open it, but not take Acme on while she runs a team.
    const token = await adminTokenOf(t, 'ann@example.com');
    const offer = await post(ann, '/v1/team/admin/invitation', { token });
    expect(offer.json()).toMatchObject({ code: 0, data: { teamName: 'Acme', email: 'ann@example.com' } });
    const accepted = await post(ann, '/v1/team/admin/answer', { token, answer: 'accept' });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().message).toBe('You already run a team: leave it before you help run another');
    expect((await mine(ann)).admin).toMatchObject({ id: annTeam, name: 'Ann’s studio' });
    // The refused answer left the invitation open; she declines it, and Eve sees it gone.
    const declined = await post(ann, '/v1/team/admin/answer', { token, answer: 'decline' });
    expect(declined.json()).toMatchObject({ code: 0, message: 'Invitation declined' });
    expect((await post(eve, '/v1/team/mine', {})).json().data.admin.adminInvitations).toEqual([]);
    // A spent token is answered as any unknown one.
    const again = await post(ann, '/v1/team/admin/answer', { token, answer: 'accept' });
    expect(again.json()).toEqual({ code: 404, message: 'This invitation is no longer valid; ask the team’s owner for a new one', data: null });
  });

  it('accepts only for the address it was sent to, once; an admin may leave, the owner may not', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const bob = await signInAs(t, 'bob@example.com');
    const mallory = await signInAs(t, 'mallory@example.com');
    const teamId = await teamOf(eve, 'Acme');
    expect((await post(eve, '/v1/team/admin/add', { teamId, email: 'BOB@example.com.' })).statusCode).toBe(200);
    const token = await adminTokenOf(t, 'bob@example.com');

    // Someone else with the token (a forwarded mail) can neither see nor take the invitation.
    for (const [url, body] of [
      ['/v1/team/admin/invitation', { token }],
      ['/v1/team/admin/answer', { token, answer: 'accept' }],
    ] as const) {
      const res = await post(mallory, url, body);
      expect(res.json()).toEqual({ code: 403, message: 'This invitation was sent to another address: sign in with the address it was sent to', data: null });
    }
    expect(await mine(mallory)).toEqual({ admin: null, membership: null });

    const accepted = await post(bob, '/v1/team/admin/answer', { token, answer: 'accept' });
    expect(accepted.json()).toMatchObject({ code: 0, message: 'Welcome to the team', data: { admin: { id: teamId, role: 'admin' } } });
    expect((await post(bob, '/v1/user/info', {})).json().data.team).toEqual({ role: 'admin', teamId });
    expect((await post(eve, '/v1/team/mine', {})).json().data.admin).toMatchObject({
      admins: [
        { email: 'eve@example.com', role: 'owner' },
        { email: 'bob@example.com', role: 'admin' },
      ],
      adminInvitations: [],
    });

    // Bob leaves; Eve, the owner, cannot.
    const left = await post(bob, '/v1/team/leave', { teamId });
    expect(left.json()).toEqual({ code: 0, message: 'You left the team', data: { admin: null, membership: null } });
    expect((await post(bob, '/v1/team/brand', { teamId, brand: null })).statusCode).toBe(404);
    const ownerLeaves = await post(eve, '/v1/team/leave', { teamId });
    expect(ownerLeaves.json()).toEqual({ code: 409, message: 'The owner cannot leave the team', data: null });
  });

  it('answers an address with an account exactly as one without, and mails each in its own language', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const kim = await signInAs(t, 'kim@example.com');
    expect((await post(kim, '/v1/user/language', { language: 'de' })).statusCode).toBe(200);
    // Lee runs another team: that is not told either.
    const lee = await signInAs(t, 'lee@example.com');
    await teamOf(lee, 'Lee’s');
    const teamId = await teamOf(eve, 'Acme');

    const answers = [];
    for (const email of ['kim@example.com', 'lee@example.com', 'nobody-yet@example.com']) {
      const res = await post(eve, '/v1/team/admin/add', { teamId, email });
      expect(res.statusCode, res.body).toBe(200);
      const { adminInvitations, ...rest } = res.json().data;
      answers.push({ message: res.json().message, rest, invited: adminInvitations.map((i: { email: string }) => i.email) });
    }
    expect(answers.map((a) => a.invited)).toEqual([
      ['kim@example.com'],
      ['kim@example.com', 'lee@example.com'],
      ['kim@example.com', 'lee@example.com', 'nobody-yet@example.com'],
    ]);
    for (const a of answers) expect({ message: a.message, rest: a.rest }).toEqual({ message: answers[0]!.message, rest: answers[0]!.rest });

    // Each address got one mail: Kim's in her German, the others in Eve's language.
    const [kimMail] = await mailsTo(t.dataDir, 'kim@example.com');
    expect(kimMail?.subject).toBe('Helfen Sie, Acme bei Portrait Studio zu verwalten');
    for (const email of ['lee@example.com', 'nobody-yet@example.com']) {
      const mails = await mailsTo(t.dataDir, email);
      expect(mails.map((m) => m.subject)).toEqual(['Help run Acme on Portrait Studio']);
      expect(mails[0]?.text).toContain('eve@example.com invites you to be an admin of Acme');
    }
  });

  it('mails an address once a day however often it is named, and a team at most its daily number of admin invitations', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const teamId = await teamOf(eve, 'Acme');
    const name = (email: string) => post(eve, '/v1/team/admin/add', { teamId, email });
    const withdraw = (email: string) => post(eve, '/v1/team/admin/remove', { teamId, email });

    // Named, withdrawn, named again: one mail today.
    for (let i = 0; i < 3; i++) {
      expect((await name('pal@elsewhere.example')).statusCode).toBe(200);
      expect((await withdraw('pal@elsewhere.example')).statusCode).toBe(i === 0 ? 200 : 404);
    }
    expect(await mailsTo(t.dataDir, 'pal@elsewhere.example')).toHaveLength(1);

    // The day's number, strangers or not, then a refusal that mails nobody.
    const strangers = Array.from({ length: LIMITS.teamAdminInvitationsPerDay }, (_, i) => `stranger${i}@elsewhere.example`);
    for (const email of strangers.slice(1)) expect((await name(email)).statusCode).toBe(200);
    const refused = await name('one-more@elsewhere.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `This team has sent its ${LIMITS.teamAdminInvitationsPerDay} admin invitations a day: please invite more people tomorrow`,
    );
    expect(await mailsTo(t.dataDir, 'one-more@elsewhere.example')).toHaveLength(0);

    // Tomorrow, Pal may be asked again (one more mail), and so may the next.
    clock.advance(24 * 3600_000 + 1);
    expect((await name('pal@elsewhere.example')).statusCode).toBe(200);
    expect(await mailsTo(t.dataDir, 'pal@elsewhere.example')).toHaveLength(2);
  });
});

describe('[teams] a team whose owner is gone', () => {
  const OPERATOR = 'ops@studio.example';
  let t: TestApp;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    clock = manualClock(new Date('2026-11-10T09:00:00Z'));
    t = await buildTestApp({ OPERATOR_EMAILS: OPERATOR }, { clock });
  });
  afterEach(() => t.close());

  type Person = Awaited<ReturnType<typeof signInAs>>;
  const post = (who: Person, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: who.cookie }, payload });
  const deleteAccount = async (who: Person) => expect((await post(who, '/v1/user/delete', {})).statusCode).toBe(200);
  const consoleTeam = async (operator: Person, teamId: string) => (await post(operator, '/v1/operator/teams/get', { teamId })).json().data;

  it('passes to the longest-serving admin when the owner deletes their account, and tells them', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const bob = await signInAs(t, 'bob@example.com');
    const cat = await signInAs(t, 'cat@example.com');
    const teamId = (await post(eve, '/v1/team/create', { name: 'Acme' })).json().data.id as string;
    await addAdmin(t, eve, teamId, bob);
    clock.advance(60_000);
    await addAdmin(t, eve, teamId, cat);

    await deleteAccount(eve);
    expect((await post(bob, '/v1/team/mine', {})).json().data.admin).toMatchObject({
      id: teamId,
      role: 'owner',
      admins: [
        { email: 'bob@example.com', role: 'owner' },
        { email: 'cat@example.com', role: 'admin' },
      ],
    });
    expect((await post(cat, '/v1/team/mine', {})).json().data.admin).toMatchObject({ id: teamId, role: 'admin' });
    const [mail] = (await mailsTo(t.dataDir, 'bob@example.com')).filter((m) => m.subject === 'You now own Acme on Portrait Studio');
    expect(mail?.text).toContain('The owner of Acme deleted their account. As its longest-serving admin, you are now its owner.');
    expect(await mailsTo(t.dataDir, 'cat@example.com')).toHaveLength(1); // her admin invitation, nothing more
  });

  it('with no admin, the operator names a new owner: audited, mailed, once per confirmation, never over an owner', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const dan = await signInAs(t, 'dan@example.com');
    const lee = await signInAs(t, 'lee@example.com');
    const operator = await signInAs(t, OPERATOR);
    const teamId = (await post(eve, '/v1/team/create', { name: 'Acme' })).json().data.id as string;
    await post(lee, '/v1/team/create', { name: 'Lee’s' });
    await deleteAccount(eve);
    expect((await consoleTeam(operator, teamId)).team.ownerEmail).toBeNull();

    const name = (email: string, requestId = randomUUID()) => post(operator, '/v1/operator/teams/setOwner', { teamId, email, requestId });
    expect((await name('nobody-yet@example.com')).json()).toEqual({ code: 404, message: 'No customer has this email', data: null });
    expect((await name('lee@example.com')).json()).toEqual({ code: 409, message: 'This customer already runs another team', data: null });
    // A customer can not reach the console's call.
    expect((await post(dan, '/v1/operator/teams/setOwner', { teamId, email: 'dan@example.com', requestId: randomUUID() })).statusCode).toBe(404);

    const requestId = randomUUID();
    const named = await name('Dan@Example.com', requestId);
    expect(named.json()).toMatchObject({
      code: 0,
      message: 'Owner named',
      data: { action: 'setTeamOwner', customerEmail: 'dan@example.com', actorEmail: OPERATOR },
    });
    expect((await name('dan@example.com', requestId)).json().data.id).toBe(named.json().data.id);
    expect((await consoleTeam(operator, teamId)).team.ownerEmail).toBe('dan@example.com');
    expect((await post(dan, '/v1/team/mine', {})).json().data.admin).toMatchObject({ id: teamId, role: 'owner' });
    expect((await mailsTo(t.dataDir, 'dan@example.com')).map((m) => m.subject)).toContain('You now own Acme on Portrait Studio');
    const audit = (await post(operator, '/v1/operator/audit', {})).json().data.entries;
    expect(audit.filter((e: { action: string }) => e.action === 'setTeamOwner')).toHaveLength(1);

    expect((await name('lee@example.com')).json()).toEqual({ code: 409, message: 'This team has an owner', data: null });
  });
});
