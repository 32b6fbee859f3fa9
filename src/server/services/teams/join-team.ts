import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { teamInvitations, teamLinks, teams, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashToken } from '../../tokens.js';
import { membershipOf, membershipView, type Invitation } from './membership.js';
import { lockTeam, seatCounts } from './seats.js';
import { canonicalEmail } from '../../../shared/email.js';

/** Keeps a seat for a member who joins, when one is free (under the team's lock). */
async function holdSeat(tx: Tx, invitation: Invitation): Promise<void> {
  if (invitation.seat !== 'none' || invitation.orderedAt) return;
  if ((await seatCounts(tx, invitation.teamId)).free > 0) await tx.update(teamInvitations).set({ seat: 'held' }).where(eq(teamInvitations.id, invitation.id));
}

async function refuseOtherTeam(ctx: Pick<AppContext, 'database'>, userId: string, teamId: string): Promise<Invitation | null> {
  const current = await membershipOf(ctx.database.db, userId);
  if (current && current.teamId !== teamId) {
    const [team] = await ctx.database.db.select({ name: teams.name }).from(teams).where(eq(teams.id, current.teamId));
    throw new AppError('CONFLICT', `You are already a member of ${team?.name ?? 'another team'}; one team at a time`);
  }
  return current;
}

/**
 * Joins the caller to a team through an invitation's token (it must be the caller's own address) or a
 * link's token (unexpired, not revoked, under its cap, and from its domain if it names one). Joining
 * again is harmless. A seat is kept for the member when one is free.
 */
export async function joinTeam(
  ctx: Pick<AppContext, 'database' | 'clock'>,
  { userId, token }: { userId: string; token: { invitation: string } | { link: string } },
) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const email = canonicalEmail(user.email);

  if ('invitation' in token) {
    const [invitation] = await db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashToken(token.invitation)));
    if (!invitation || invitation.revokedAt) throw new AppError('NOT_FOUND', 'This invitation is no longer valid; ask your team’s admin for a new one');
    if (invitation.email !== email) throw new AppError('FORBIDDEN', 'This invitation was sent to another address: sign in with the address it was sent to');
    const current = await refuseOtherTeam(ctx, userId, invitation.teamId);
    if (current && current.id !== invitation.id) return membershipView(db, current);
    await db.transaction(async (tx) => {
      await lockTeam(tx, invitation.teamId);
      const [joined] = await tx
        .update(teamInvitations)
        .set({ userId, joinedAt: sql`coalesce(${teamInvitations.joinedAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(teamInvitations.id, invitation.id), or(isNull(teamInvitations.userId), eq(teamInvitations.userId, userId))))
        .returning();
      if (joined) await holdSeat(tx, joined);
    });
    const after = await membershipOf(db, userId);
    if (!after) throw new AppError('CONFLICT', 'This invitation was already used by another account');
    return membershipView(db, after);
  }

  const [link] = await db
    .select()
    .from(teamLinks)
    .where(eq(teamLinks.tokenHash, hashToken(token.link)));
  if (!link) throw new AppError('NOT_FOUND', 'This link is not valid; ask your team’s admin for a new one');
  const current = await refuseOtherTeam(ctx, userId, link.teamId);
  if (current) return membershipView(db, current);
  if (link.revokedAt) throw new AppError('GONE', 'This link was revoked; ask your team’s admin for a new one');
  if (link.expiresAt <= now) throw new AppError('GONE', 'This link has expired; ask your team’s admin for a new one');
  if (link.domain && email.split('@')[1] !== link.domain) {
    throw new AppError('FORBIDDEN', `This link is for addresses at ${link.domain}: sign in with your ${link.domain} address`);
  }
  await db.transaction(async (tx) => {
    await lockTeam(tx, link.teamId);
    // An address invitation of this person, not yet used, is the one they join with.
    const [invited] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, link.teamId), eq(teamInvitations.email, email), isNull(teamInvitations.revokedAt), isNull(teamInvitations.userId)));
    if (invited) {
      const [joined] = await tx.update(teamInvitations).set({ userId, joinedAt: now }).where(eq(teamInvitations.id, invited.id)).returning();
      if (joined) await holdSeat(tx, joined);
      return;
    }
    const [counted] = await tx
      .update(teamLinks)
      .set({ used: sql`${teamLinks.used} + 1` })
      .where(and(eq(teamLinks.id, link.id), lt(teamLinks.used, teamLinks.cap)))
      .returning();
    if (!counted) throw new AppError('CONFLICT', 'This link has been used as many times as it allows; ask your team’s admin for a new one');
    const [joined] = await tx
      .insert(teamInvitations)
      .values({ teamId: link.teamId, email, linkId: link.id, userId, invitedAt: now, joinedAt: now, language: 'us' })
      .returning();
    if (joined) await holdSeat(tx, joined);
  });
  const after = await membershipOf(db, userId);
  if (!after) throw new AppError('CONFLICT', 'Could not join the team; please try again');
  return membershipView(db, after);
}
