import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamInvitations } from '../../db/schema.js';
import { hashToken, newToken } from '../../tokens.js';
import { mailInvitation } from './invitation-mail.js';
import { seatPackage } from './membership.js';
import { requireTeamAdmin } from './team-access.js';
import { canonicalEmail } from '../../../shared/email.js';

/**
 * Invites addresses to the team, each mailed its own link in `language`. An address already invited (and
 * not revoked) is skipped. Inviting takes no seat: a seat is kept for a person when they join.
 */
export async function inviteMembers(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'config' | 'clock' | 'log'>,
  { userId, teamId, emails, language }: { userId: string; teamId: string; emails: string[]; language: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const packageId = await seatPackage(db, team.id);
  const live = new Set(
    (
      await db
        .select({ email: teamInvitations.email })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, team.id), isNull(teamInvitations.revokedAt)))
    ).map((r) => r.email),
  );
  const invited: string[] = [];
  const skipped: string[] = [];
  for (const email of [...new Set(emails.map(canonicalEmail))]) {
    if (live.has(email)) {
      skipped.push(email);
      continue;
    }
    const token = newToken();
    const now = ctx.clock.now();
    const added = await db
      .insert(teamInvitations)
      .values({ teamId: team.id, email, tokenHash: hashToken(token), language, invitedAt: now, lastMailedAt: now })
      .onConflictDoNothing()
      .returning({ id: teamInvitations.id });
    if (added.length === 0) {
      skipped.push(email);
      continue;
    }
    live.add(email);
    invited.push(email);
    await mailInvitation(ctx, { email, token, language, teamName: team.name, packageId, reminder: false });
  }
  return { invited, skipped };
}
