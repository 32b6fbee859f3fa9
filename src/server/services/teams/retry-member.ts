import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { teamInvitations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { adminView, latestOrders, retryOffered } from './admin-view.js';
import { findMember } from './find-member.js';
import { requireTeamAdmin } from './team-access.js';

/**
 * The member's one free retry: once their order failed or came short of its portraits, they may place one
 * more order on the team without a seat being taken. Granted once per member.
 */
export async function retryMember(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, memberId }: { userId: string; teamId: string; memberId: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const invitation = await findMember(db, team.id, memberId);
  if (invitation.retryGrantedAt) throw new AppError('CONFLICT', 'This member’s free retry was already given');
  if (!retryOffered(invitation, (await latestOrders(db, [invitation.id])).get(invitation.id))) {
    throw new AppError('CONFLICT', 'A retry can be given once the member’s order failed or came short of its portraits');
  }
  await grantRetryOnce(db, invitation.id, ctx.clock.now());
  return adminView(ctx, team);
}

/** Gives the member's one free retry by one conditional update; 409 when it was given already (a race included). */
export async function grantRetryOnce(db: Db, invitationId: string, now: Date): Promise<void> {
  const [granted] = await db
    .update(teamInvitations)
    .set({ retryGrantedAt: now })
    .where(and(eq(teamInvitations.id, invitationId), isNull(teamInvitations.retryGrantedAt)))
    .returning({ id: teamInvitations.id });
  if (!granted) throw new AppError('CONFLICT', 'This member’s free retry was already given');
}
