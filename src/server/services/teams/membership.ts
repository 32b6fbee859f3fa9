import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, seatPurchases, teamInvitations, teams } from '../../db/schema.js';
import type { SeatPackageId, TeamMembership } from '../../../shared/contracts/team.js';
import { seatCounts } from './seats.js';

export type Invitation = typeof teamInvitations.$inferSelect;

/** The account's live membership (joined, not revoked): one at a time. */
export async function membershipOf(db: Db, userId: string): Promise<Invitation | null> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.userId, userId), isNull(teamInvitations.revokedAt)));
  return row ?? null;
}

/** The package a team's seats are for: the first paid purchase's (a team buys one package; see decisions). */
export async function seatPackage(db: Db, teamId: string): Promise<SeatPackageId | null> {
  const [first] = await db
    .select({ packageId: seatPurchases.packageId })
    .from(seatPurchases)
    .where(and(eq(seatPurchases.teamId, teamId), inArray(seatPurchases.status, ['paid', 'open'])))
    .orderBy(seatPurchases.createdAt)
    .limit(1);
  return (first?.packageId as SeatPackageId | undefined) ?? null;
}

/** An order of the member's still under way (placed, not delivered or failed). */
export async function orderInProgress(db: Db, invitationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.teamInvitationId, invitationId), inArray(orders.status, ['pending', 'processing']), isNull(orders.deletingAt)))
    .limit(1);
  return row !== undefined;
}

/** Whether the member may order now: their seat is unspent (kept, or one is free), or their retry is. */
export async function orderRight(db: Db, invitation: Invitation): Promise<'seat' | 'retry' | 'ordered' | 'noSeat'> {
  if (await orderInProgress(db, invitation.id)) return 'ordered';
  if (!invitation.orderedAt) {
    if (invitation.seat === 'held') return 'seat';
    return (await seatCounts(db, invitation.teamId)).free > 0 ? 'seat' : 'noSeat';
  }
  return invitation.retryGrantedAt && !invitation.retryUsedAt ? 'retry' : 'ordered';
}

/** What a member sees of their team. */
export async function membershipView(db: Db, invitation: Invitation): Promise<TeamMembership> {
  const [team] = await db.select().from(teams).where(eq(teams.id, invitation.teamId));
  const right = await orderRight(db, invitation);
  const mine = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.teamInvitationId, invitation.id), isNull(orders.deletingAt)))
    .orderBy(desc(orders.createdAt));
  return {
    teamId: invitation.teamId,
    teamName: team?.name ?? '',
    brand: team?.brand ?? null,
    packageId: (await seatPackage(db, invitation.teamId)) ?? 'basic',
    canOrder: right === 'seat' || right === 'retry',
    blocked: right === 'ordered' || right === 'noSeat' ? right : null,
    orderIds: mine.map((o) => o.id),
  };
}
