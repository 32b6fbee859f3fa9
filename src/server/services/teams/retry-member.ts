import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamInvitations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { adminView, latestOrders, memberStatus } from './admin-view.js';
import { findMember } from './find-member.js';
import { requireTeamAdmin } from './team-access.js';

/**
 * The member's one free retry: once their order is done or failed, they may place one more order on the
 * team without a seat being taken. Granted once per member.
 */
export async function retryMember(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, memberId }: { userId: string; teamId: string; memberId: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const invitation = await findMember(db, team.id, memberId);
  const { status } = memberStatus(invitation, (await latestOrders(db, [invitation.id])).get(invitation.id));
  if (status !== 'done' && status !== 'failed') throw new AppError('CONFLICT', 'A retry can be given once the member’s order is done or failed');
  const [granted] = await db
    .update(teamInvitations)
    .set({ retryGrantedAt: ctx.clock.now() })
    .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.retryGrantedAt)))
    .returning({ id: teamInvitations.id });
  if (!granted) throw new AppError('CONFLICT', 'This member’s free retry was already given');
  return adminView(ctx, team);
}
