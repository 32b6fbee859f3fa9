import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamInvitations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { LIMITS } from '../../../shared/limits.js';
import { hashToken, newToken } from '../../tokens.js';
import { adminView } from './admin-view.js';
import { findMember } from './find-member.js';
import { mailInvitation } from './invitation-mail.js';
import { seatPackage } from './membership.js';
import { requireTeamAdmin } from './team-access.js';

/**
 * Mails an invitation again, at most `LIMITS.teamRemindersMax` times, while nobody has joined with it.
 * Only the hash of the first link is kept, so the reminder carries a new link and the old one stops working.
 */
export async function remindMember(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'config' | 'clock' | 'log'>,
  { userId, teamId, memberId }: { userId: string; teamId: string; memberId: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const invitation = await findMember(db, team.id, memberId);
  if (invitation.revokedAt) throw new AppError('CONFLICT', 'This invitation was revoked');
  if (invitation.joinedAt || !invitation.tokenHash) throw new AppError('CONFLICT', 'This person has already joined the team');
  const token = newToken();
  const now = ctx.clock.now();
  const [sent] = await db
    .update(teamInvitations)
    .set({ tokenHash: hashToken(token), remindersSent: sql`${teamInvitations.remindersSent} + 1`, lastMailedAt: now })
    .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.joinedAt), lt(teamInvitations.remindersSent, LIMITS.teamRemindersMax)))
    .returning({ id: teamInvitations.id });
  if (!sent) throw new AppError('TOO_MANY_REQUESTS', `This invitation was already sent again ${LIMITS.teamRemindersMax} times`);
  await mailInvitation(ctx, {
    email: invitation.email,
    token,
    language: invitation.language,
    teamName: team.name,
    packageId: await seatPackage(db, team.id),
    reminder: true,
  });
  return adminView(ctx, team);
}
