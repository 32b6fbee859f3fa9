import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamAdminInvitations, teamAdmins, teams, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { serverT } from '../../i18n.js';
import { hashToken, newToken } from '../../tokens.js';
import { renderMail } from '../mail/render-mail.js';
import { canonicalEmail, inertText } from '../../../shared/email.js';
import { LIMITS } from '../../../shared/limits.js';
import { adminView } from './admin-view.js';
import { getMyTeam } from './get-my-team.js';
import { requireTeamAdmin } from './team-access.js';

const DAY_MS = 24 * 3600_000;

export const adminInvitationUrl = (publicUrl: string, token: string) => `${publicUrl}/dashboard/team/join?admin=${token}`;

/** The answer for a token that is unknown, used, declined or withdrawn: one answer, so none can be told apart. */
const invitationGone = () => new AppError('NOT_FOUND', 'This invitation is no longer valid; ask the team’s owner for a new one');

/**
 * The owner asks the person at `email` to help run the team: a mail in their language (the account's, if
 * the address has one, else the owner's) with a link to accept or decline. Nothing of the team reaches their
 * account before they accept. Every address gets the same answer, whether it has an account, runs another
 * team or was already invited (then it is not mailed again), so no team call tells whether an address has an
 * account. A team mails `LIMITS.teamAdminInvitationsPerDay` admin invitations a day.
 */
export async function inviteTeamAdmin(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock' | 'mailer' | 'log'>,
  { userId, teamId, email: address }: { userId: string; teamId: string; email: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId, { owner: true });
  const email = canonicalEmail(address);
  const now = ctx.clock.now();
  const [[owner], [invitee], recent, [admin]] = await Promise.all([
    db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId)),
    db.select({ language: users.language }).from(users).where(eq(users.email, email)),
    db
      .select({ email: teamAdminInvitations.email, endedAt: teamAdminInvitations.endedAt })
      .from(teamAdminInvitations)
      .where(
        and(
          eq(teamAdminInvitations.teamId, team.id),
          or(gt(teamAdminInvitations.invitedAt, new Date(now.getTime() - DAY_MS)), isNull(teamAdminInvitations.endedAt)),
        ),
      ),
    db
      .select({ role: teamAdmins.role })
      .from(teamAdmins)
      .innerJoin(users, eq(users.id, teamAdmins.userId))
      .where(and(eq(teamAdmins.teamId, team.id), eq(users.email, email))),
  ]);
  // Already on the team, invited and not answered, or mailed within a day: nothing more is sent.
  if (admin || recent.some((r) => r.email === email)) return adminView(ctx, team);
  if (recent.length >= LIMITS.teamAdminInvitationsPerDay) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `This team has sent its ${LIMITS.teamAdminInvitationsPerDay} admin invitations a day: please invite more people tomorrow`,
    );
  }
  const token = newToken();
  const added = await db
    .insert(teamAdminInvitations)
    .values({ teamId: team.id, email, tokenHash: hashToken(token), invitedAt: now })
    .onConflictDoNothing()
    .returning({ id: teamAdminInvitations.id });
  if (added.length > 0)
    await mailAdminInvitation(ctx, { email, token, language: invitee?.language ?? owner?.language ?? 'us', teamName: team.name, from: owner?.email ?? '' });
  return adminView(ctx, team);
}

async function mailAdminInvitation(
  ctx: Pick<AppContext, 'mailer' | 'config' | 'log'>,
  { email, token, language, teamName, from }: { email: string; token: string; language: string; teamName: string; from: string },
): Promise<void> {
  const { t } = serverT(language);
  const team = inertText(teamName);
  const mail = renderMail({
    heading: t('email.teamAdmin.heading', { team }),
    paragraphs: [t('email.teamAdmin.body', { team, from }), t('email.teamAdmin.signIn', { email })],
    button: { label: t('email.teamAdmin.button'), url: adminInvitationUrl(ctx.config.publicUrl, token) },
    footer: t('email.teamAdmin.footer'),
  });
  try {
    await ctx.mailer.send({ to: email, subject: t('email.teamAdmin.subject', { team }), ...mail });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send a team admin invitation');
  }
}

/** The open invitation of `token`, for the caller it was sent to, with its team's name. */
async function openInvitation(ctx: Pick<AppContext, 'database'>, userId: string, token: string) {
  const { db } = ctx.database;
  const [[row], [user]] = await Promise.all([
    db
      .select({ invitation: teamAdminInvitations, teamName: teams.name })
      .from(teamAdminInvitations)
      .innerJoin(teams, eq(teams.id, teamAdminInvitations.teamId))
      .where(and(eq(teamAdminInvitations.tokenHash, hashToken(token)), isNull(teamAdminInvitations.endedAt))),
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
  ]);
  if (!row) throw invitationGone();
  if (!user || canonicalEmail(user.email) !== row.invitation.email) {
    throw new AppError('FORBIDDEN', 'This invitation was sent to another address: sign in with the address it was sent to');
  }
  return row;
}

/** What the page to accept or decline shows: the team and the address the invitation was sent to. */
export async function adminInvitationInfo(ctx: Pick<AppContext, 'database'>, { userId, token }: { userId: string; token: string }) {
  const { invitation, teamName } = await openInvitation(ctx, userId, token);
  return { teamName, email: invitation.email };
}

/**
 * The invited person accepts (they become an admin of the team, unless they run a team already) or
 * declines (the owner sees the invitation gone). Either way the invitation ends; answering twice is refused
 * as an invitation no longer valid. The answer is the caller's teams, as `team/mine` shows them.
 */
export async function answerAdminInvitation(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, token, answer }: { userId: string; token: string; answer: 'accept' | 'decline' },
) {
  const { db } = ctx.database;
  const { invitation } = await openInvitation(ctx, userId, token);
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(teamAdminInvitations)
      .set({ endedAt: now, outcome: answer === 'accept' ? 'accepted' : 'declined' })
      .where(and(eq(teamAdminInvitations.id, invitation.id), isNull(teamAdminInvitations.endedAt)))
      .returning({ id: teamAdminInvitations.id });
    if (!ended) throw invitationGone();
    if (answer === 'decline') return;
    // The unique index on the admin's account refuses a second team, whatever runs at the same moment.
    const added = await tx.insert(teamAdmins).values({ teamId: invitation.teamId, userId, role: 'admin', createdAt: now }).onConflictDoNothing().returning();
    if (added.length === 0) throw new AppError('CONFLICT', 'You already run a team: leave it before you help run another');
  });
  return getMyTeam(ctx, userId);
}

/** The owner withdraws an invitation not answered yet; false when there was none for the address. */
export async function withdrawAdminInvitation(ctx: Pick<AppContext, 'database' | 'clock'>, teamId: string, email: string): Promise<boolean> {
  const withdrawn = await ctx.database.db
    .update(teamAdminInvitations)
    .set({ endedAt: ctx.clock.now(), outcome: 'withdrawn' })
    .where(and(eq(teamAdminInvitations.teamId, teamId), eq(teamAdminInvitations.email, canonicalEmail(email)), isNull(teamAdminInvitations.endedAt)))
    .returning({ id: teamAdminInvitations.id });
  return withdrawn.length > 0;
}

/** An admin leaves the team they help run; the owner cannot leave it (they hand it on by deleting their account). */
export async function leaveTeam(ctx: Pick<AppContext, 'database' | 'config' | 'clock'>, { userId, teamId }: { userId: string; teamId: string }) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  if (team.role === 'owner') throw new AppError('CONFLICT', 'The owner cannot leave the team');
  await db.delete(teamAdmins).where(and(eq(teamAdmins.teamId, team.id), eq(teamAdmins.userId, userId), eq(teamAdmins.role, 'admin')));
  return getMyTeam(ctx, userId);
}
