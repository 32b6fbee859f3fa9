import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamInvitations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { adminView } from './admin-view.js';
import { findMember } from './find-member.js';
import { lockTeam } from './seats.js';
import { requireTeamAdmin } from './team-access.js';

/**
 * Takes an invitation back, while its person has placed no order: the seat kept for them (if they joined)
 * is free again, and their link no longer joins. A member who ordered keeps their order and their seat.
 */
export async function revokeMember(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, memberId }: { userId: string; teamId: string; memberId: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const invitation = await findMember(db, team.id, memberId);
  if (invitation.revokedAt) return adminView(ctx, team);
  const now = ctx.clock.now();
  const done = await db.transaction(async (tx) => {
    await lockTeam(tx, team.id);
    return tx
      .update(teamInvitations)
      .set({ revokedAt: now, seat: 'none', tokenHash: null })
      .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.revokedAt), isNull(teamInvitations.orderedAt)))
      .returning({ id: teamInvitations.id });
  });
  if (done.length === 0) throw new AppError('CONFLICT', 'This member has placed an order, so the invitation can no longer be revoked');
  return adminView(ctx, team);
}
