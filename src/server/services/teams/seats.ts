import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { seatPurchases, teamInvitations, teams } from '../../db/schema.js';

export interface SeatCounts {
  /** Seats paid for, less those refunded. */
  bought: number;
  /** Seats members' orders took. */
  used: number;
  /** Seats kept for members who joined and have not ordered yet. */
  held: number;
  free: number;
}

/** A team's seats: free = paid − refunded − held − used (docs/decisions.md, "Teams"). */
export async function seatCounts(db: Executor, teamId: string): Promise<SeatCounts> {
  const [paid] = await db
    .select({ seats: sql<number>`coalesce(sum(${seatPurchases.quantity} - ${seatPurchases.refundedSeats}), 0)::int` })
    .from(seatPurchases)
    .where(and(eq(seatPurchases.teamId, teamId), eq(seatPurchases.status, 'paid')));
  const taken = await db
    .select({ seat: teamInvitations.seat, n: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), inArray(teamInvitations.seat, ['held', 'used']), isNull(teamInvitations.revokedAt)))
    .groupBy(teamInvitations.seat);
  const used = taken.find((r) => r.seat === 'used')?.n ?? 0;
  const held = taken.find((r) => r.seat === 'held')?.n ?? 0;
  const bought = paid?.seats ?? 0;
  return { bought, used, held, free: Math.max(0, bought - used - held) };
}

/**
 * Locks the team's row for the rest of the transaction: every change to its seats (a join, an order,
 * a refund, a revoke) takes this lock first, so two of them cannot both take the last free seat.
 */
export async function lockTeam(tx: Executor, teamId: string): Promise<void> {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

/**
 * A member who deletes their account before ordering gives back the seat kept for them: their
 * invitation reads "invited" again, and the same address can join again with it. A seat an order took
 * stays taken: that order was made.
 */
export async function releaseHeldSeats(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(teamInvitations)
    .set({ seat: 'none', userId: null, joinedAt: null })
    .where(and(eq(teamInvitations.userId, userId), isNull(teamInvitations.orderedAt), isNull(teamInvitations.revokedAt)));
}
