import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { seatPurchases, teamAdminInvitations, teamAdmins, teamInvitations, teamLinks, teams } from '@/server/db/schema';
import { validAnswers } from '../../support/answers';
import type { TestApp } from './app';
import { checkoutForm } from './photos';
import { signInAs } from './session';
import { mailsTo } from './smtp';

type Person = Awaited<ReturnType<typeof signInAs>>;

/** A team's ids and tokens a call can name. */
export interface TeamResource {
  teamId: string;
  /** A paid purchase of 2 seats (one held by `member`, one free). */
  purchaseId: string;
  sessionId: string;
  /** The invitation of `member`, who joined and holds a seat. */
  memberId: string;
  /** An invitation nobody has joined with yet, and its token. */
  inviteeId: string;
  inviteeToken: string;
  linkId: string;
  linkToken: string;
  /** Addresses of the owner and admin, for the admin calls. */
  adminEmail: string;
  /** The owner's invitation to help run the team, sent to an address none of the roles has, not answered yet. */
  adminToken: string;
}

const NONE = '00000000-0000-4000-8000-000000000000';
/** A team that does not exist: a caller with no part in a team must not tell it from this one. */
export const MISSING_TEAM: TeamResource = {
  teamId: NONE,
  purchaseId: NONE,
  sessionId: `cs_offline_${'0'.repeat(24)}`,
  memberId: NONE,
  inviteeId: NONE,
  inviteeToken: 'A'.repeat(43),
  linkId: NONE,
  linkToken: 'A'.repeat(43),
  adminEmail: 'nobody-here@example.com',
  adminToken: 'A'.repeat(43),
};

const headers = (who: Person) => ({ 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie: who.cookie });

async function post(t: TestApp, who: Person, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: headers(who), payload });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

/** The last admin invitation's token mailed to `email`. */
export async function adminTokenOf(t: TestApp, email: string): Promise<string> {
  return /[?&]admin=([A-Za-z0-9_-]+)/.exec((await mailsTo(t.dataDir, email)).at(-1)?.text ?? '')?.[1] ?? '';
}

/** The owner invites `admin` to help run the team, and they accept: an admin of it. */
export async function addAdmin(t: TestApp, owner: Person, teamId: string, admin: Person): Promise<void> {
  await post(t, owner, '/v1/team/admin/add', { teamId, email: admin.user.email });
  await post(t, admin, '/v1/team/admin/answer', { token: await adminTokenOf(t, admin.user.email), answer: 'accept' });
}

/** A member's order on the team (`/v1/team/order`): the checkout's form with `photos` and a Basic package's answers. */
export function placeTeamOrder(t: TestApp, cookie: string, photos: readonly Buffer[]) {
  const form = checkoutForm(
    photos.map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: 'basic' }) },
  );
  return t.app.inject({
    method: 'POST',
    url: '/v1/team/order',
    headers: { cookie, 'content-type': form.contentType, 'sec-fetch-site': 'same-origin' },
    payload: form.payload,
  });
}

/** The last invitation token mailed to `email`. */
export async function invitationTokenOf(t: TestApp, email: string): Promise<string> {
  const mails = await mailsTo(t.dataDir, email);
  return /invitation=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
}

let teamsMade = 0;

/**
 * A team as its API makes it: an owner, an admin, 2 seats paid (offline), a member who joined and holds
 * one, an invitation nobody used yet and a link; and another team run by `otherAdmin`, and a `stranger`
 * (signed in, in no team).
 */
export async function seedTeam(t: TestApp, prefix = 'team') {
  teamsMade += 1;
  const n = `${prefix}${teamsMade}`;
  const owner = await signInAs(t, `${n}-owner@example.com`);
  const admin = await signInAs(t, `${n}-admin@example.com`);
  const member = await signInAs(t, `${n}-member@example.com`);
  const otherAdmin = await signInAs(t, `${n}-other-admin@example.com`);
  const stranger = await signInAs(t, `${n}-stranger@example.com`);
  const name = `Team ${n} secret-name`;

  const teamId = (await post(t, owner, '/v1/team/create', { name })).id as string;
  await post(t, otherAdmin, '/v1/team/create', { name: `Other ${n}` });
  await addAdmin(t, owner, teamId, admin);
  const invitedAdmin = `${n}-invited-admin@example.com`;
  await post(t, owner, '/v1/team/admin/add', { teamId, email: invitedAdmin });
  const bought = await post(t, owner, '/v1/team/seats/buy', { teamId, packageId: 'basic', quantity: 2 });
  await post(t, owner, '/v1/checkout/offline/pay', { clientSecret: bought.clientSecret });
  const inviteeEmail = `${n}-invitee@example.com`;
  await post(t, owner, '/v1/team/invite', { teamId, emails: [member.user.email, inviteeEmail], language: 'us' });
  await post(t, member, '/v1/team/join', { invitation: await invitationTokenOf(t, member.user.email) });
  const link = await post(t, owner, '/v1/team/link/create', { teamId, domain: null, cap: 5, expiresInDays: 7 });
  const { db } = t.app.ctx.database;
  const invitations = await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId));
  const resource: TeamResource = {
    teamId,
    purchaseId: bought.purchaseId,
    sessionId: bought.sessionId,
    memberId: invitations.find((i) => i.email === member.user.email)!.id,
    inviteeId: invitations.find((i) => i.email === inviteeEmail)!.id,
    inviteeToken: await invitationTokenOf(t, inviteeEmail),
    linkId: link.id,
    linkToken: new URL(link.url).searchParams.get('link')!,
    adminEmail: admin.user.email,
    adminToken: await adminTokenOf(t, invitedAdmin),
  };
  const secrets = [name, teamId, bought.purchaseId, bought.sessionId, resource.memberId, resource.inviteeId, resource.linkId, inviteeEmail, member.user.email];
  return { people: { owner, admin, member, otherAdmin, stranger }, team: resource, secrets };
}

/** Everything stored about one team: a refused call must leave it as it was. */
export async function teamState(t: TestApp, teamId: string) {
  const { db } = t.app.ctx.database;
  return {
    teams: await db.select().from(teams).where(eq(teams.id, teamId)),
    admins: await db.select().from(teamAdmins).where(eq(teamAdmins.teamId, teamId)),
    adminInvitations: await db.select().from(teamAdminInvitations).where(eq(teamAdminInvitations.teamId, teamId)),
    purchases: await db.select().from(seatPurchases).where(eq(seatPurchases.teamId, teamId)),
    links: await db.select().from(teamLinks).where(eq(teamLinks.teamId, teamId)),
    invitations: await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId)),
  };
}
