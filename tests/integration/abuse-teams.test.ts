import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamInvitations, teams } from '@/server/db/schema';
import { handleResumeGeneration } from '@/server/jobs/handlers';
import { LIMITS } from '@/shared/limits';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { signInAs } from './helpers/session';
import { readOutbox } from './helpers/smtp';

/**
 * A hostile customer using what teams and gift cards mail as a free mailer: invitations to strangers
 * without seats, revoke-and-invite loops, a web address in a team's name or a card's message.
 */
describe('[abuse] invitation mail is not a free mailer', () => {
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
  const mailsTo = async (pattern: RegExp) => (await readOutbox(t.dataDir)).filter((m) => [m.to ?? []].flat().some((to) => pattern.test(to.text)));
  const strangers = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `stranger${from + i}@elsewhere.example`);
  async function teamOf(who: Person, name = 'Acme') {
    const created = await post(who, '/v1/team/create', { name });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data.id as string;
  }

  it('a team with 0 seats cannot mail 5 invitations, and one with seats mails as many as it may have open', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const teamId = await teamOf(eve);
    const refused = await post(eve, '/v1/team/invite', { teamId, emails: strangers(5), language: 'us' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Invitations need seats: this team has 0 seats and may have 3 open invitations (0 now). Buy seats to invite more people.',
    );
    expect(await mailsTo(/stranger/)).toHaveLength(0);

    // The margin: a few invitations ahead of buying seats, no more.
    expect((await post(eve, '/v1/team/invite', { teamId, emails: strangers(LIMITS.teamInvitationMargin), language: 'us' })).statusCode).toBe(200);
    expect((await post(eve, '/v1/team/invite', { teamId, emails: strangers(1, 10), language: 'us' })).statusCode).toBe(409);
    expect(await mailsTo(/stranger/)).toHaveLength(LIMITS.teamInvitationMargin);
  });

  it('revoking and inviting again does not mail the same address twice a day, and a day of such loops is capped', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    const teamId = await teamOf(eve);
    const invite = (emails: string[]) => post(eve, '/v1/team/invite', { teamId, emails, language: 'us' });
    const revokeAll = async () => {
      const open = await t.app.ctx.database.db
        .select({ id: teamInvitations.id, revokedAt: teamInvitations.revokedAt })
        .from(teamInvitations)
        .where(eq(teamInvitations.teamId, teamId));
      for (const { id } of open.filter((o) => !o.revokedAt)) expect((await post(eve, '/v1/team/member/revoke', { teamId, memberId: id })).statusCode).toBe(200);
    };

    expect((await invite(['ann@elsewhere.example'])).statusCode).toBe(200);
    await revokeAll();
    const again = await invite(['ann@elsewhere.example']);
    expect(again.json().data).toEqual({ invited: [], skipped: ['ann@elsewhere.example'] });
    expect(await mailsTo(/ann@/)).toHaveLength(1);

    // Revoke-and-invite loops of new addresses: at most LIMITS.teamInvitationsPerDayMin mails a day.
    let n = 0;
    let status = 200;
    while (status === 200 && n < 50) {
      await revokeAll();
      status = (await invite(strangers(3, n))).statusCode;
      if (status === 200) n += 3;
    }
    expect(status).toBe(429);
    expect(1 + n).toBeLessThanOrEqual(LIMITS.teamInvitationsPerDayMin);
    expect((await mailsTo(/@elsewhere/)).length).toBe(1 + n);

    // The next day the address may be invited (and mailed) again.
    clock.advance(24 * 3600_000 + 1000);
    await revokeAll();
    expect((await invite(['ann@elsewhere.example'])).json().data).toEqual({ invited: ['ann@elsewhere.example'], skipped: [] });
    expect(await mailsTo(/ann@/)).toHaveLength(2);
  });

  it('refuses a web address in a team name, and mails an older team name and a gift card message as text, never as a link', async () => {
    const eve = await signInAs(t, 'eve@example.com');
    for (const name of ['evil.example', 'Visit https://evil.example', 'www.evil-site', 'Acme evil.com']) {
      const res = await post(eve, '/v1/team/create', { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe('Invalid name: must not contain a web address');
    }
    // A team named before the rule: its invitation names it inertly.
    const teamId = await teamOf(eve, 'Acme');
    await t.app.ctx.database.db.update(teams).set({ name: 'Prizes at evil.example' }).where(eq(teams.id, teamId));
    expect((await post(eve, '/v1/team/invite', { teamId, emails: ['ann@elsewhere.example'], language: 'us' })).statusCode).toBe(200);
    const [invitation] = await mailsTo(/ann@/);
    for (const text of [invitation?.subject ?? '', invitation?.text ?? '', invitation?.html || '']) {
      expect(text).not.toContain('evil.example');
      expect(text).toContain('Prizes at evil\u2024example');
    }

    // A gift card's message and the buyer's name, the same.
    const bought = await post(eve, '/v1/giftcards', {
      packageId: 'pro',
      language: 'us',
      delivery: 'mail',
      recipientEmail: 'pal@elsewhere.example',
      recipientName: 'Pal',
      message: 'Claim more at https://evil.example/win and www.evil.example',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await post(eve, '/v1/checkout/offline/pay', { clientSecret: bought.json().data.clientSecret })).json()).toMatchObject({ code: 0 });
    await handleResumeGeneration(t.app.ctx)();
    const [gift] = await mailsTo(/pal@/);
    expect(gift?.text).toContain('Claim more at https: evil\u2024example/win and www\u2024evil\u2024example');
    expect(`${gift?.text}${gift?.html || ''}`).not.toMatch(/evil\.example/);
  });
});
