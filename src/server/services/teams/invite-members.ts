import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamInvitations } from '../../db/schema.js';
import { hashToken, newToken } from '../../tokens.js';
import { mailInvitation } from './invitation-mail.js';
import { seatPackage } from './membership.js';
import { requireTeamAdmin } from './team-access.js';
import { canonicalEmail } from '../../../shared/email.js';
import { LIMITS } from '../../../shared/limits.js';
import { AppError } from '../../errors.js';
import { seatCounts } from './seats.js';

const DAY_MS = 24 * 3600_000;

/**
 * Invites addresses to the team, each mailed its own link in `language`. An address already invited (and
 * not revoked) is skipped, and so is one whose invitation was revoked less than a day ago (it is not
 * mailed twice a day: invite it again tomorrow). Inviting takes no seat (a seat is kept for a person when
 * they join), but invitations need seats: a team may have as many open invitations as seats bought plus
 * `LIMITS.teamInvitationMargin`, and mail that many a day (at least `LIMITS.teamInvitationsPerDayMin`),
 * so the invitation mail cannot be used to mail strangers. A call over either limit mails nobody.
 */
export async function inviteMembers(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'config' | 'clock' | 'log'>,
  { userId, teamId, emails, language }: { userId: string; teamId: string; emails: string[]; language: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const packageId = await seatPackage(db, team.id);
  const now = ctx.clock.now();
  const rows = await db
    .select({
      email: teamInvitations.email,
      revokedAt: teamInvitations.revokedAt,
      joinedAt: teamInvitations.joinedAt,
      invitedAt: teamInvitations.invitedAt,
      lastMailedAt: teamInvitations.lastMailedAt,
    })
    .from(teamInvitations)
    .where(eq(teamInvitations.teamId, team.id));
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const live = new Set(rows.filter((r) => !r.revokedAt).map((r) => r.email));
  const mailedToday = new Set(rows.filter((r) => r.revokedAt && (r.lastMailedAt ?? r.invitedAt) > dayAgo).map((r) => r.email));
  const fresh: string[] = [];
  const skipped: string[] = [];
  for (const email of [...new Set(emails.map(canonicalEmail))]) (live.has(email) || mailedToday.has(email) ? skipped : fresh).push(email);

  const { bought } = await seatCounts(db, team.id);
  const allowed = bought + LIMITS.teamInvitationMargin;
  const open = rows.filter((r) => !r.revokedAt && !r.joinedAt).length;
  if (fresh.length > 0 && open + fresh.length > allowed) {
    throw new AppError(
      'CONFLICT',
      `Invitations need seats: this team has ${bought} ${bought === 1 ? 'seat' : 'seats'} and may have ${allowed} open invitations (${open} now). Buy seats to invite more people.`,
    );
  }
  const sentToday = rows.filter((r) => (r.lastMailedAt ?? r.invitedAt) > dayAgo).length;
  const perDay = Math.max(LIMITS.teamInvitationsPerDayMin, allowed);
  if (fresh.length > 0 && sentToday + fresh.length > perDay) {
    throw new AppError('TOO_MANY_REQUESTS', `This team has sent ${sentToday} of its ${perDay} invitations a day: please invite more people tomorrow`);
  }

  const invited: string[] = [];
  for (const email of fresh) {
    const token = newToken();
    const added = await db
      .insert(teamInvitations)
      .values({ teamId: team.id, email, tokenHash: hashToken(token), language, invitedAt: now, lastMailedAt: now })
      .onConflictDoNothing()
      .returning({ id: teamInvitations.id });
    if (added.length === 0) {
      skipped.push(email);
      continue;
    }
    invited.push(email);
    await mailInvitation(ctx, { email, token, language, teamName: team.name, packageId, reminder: false });
  }
  return { invited, skipped };
}
