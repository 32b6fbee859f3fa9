import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { payments, processedEvents, seatPurchases } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { LIMITS } from '../../../shared/limits.js';
import { lockTeam, seatCounts } from './seats.js';
import { requireTeamAdmin } from './team-access.js';

const DAY_MS = 24 * 3600_000;

/**
 * Refunds the unused seats of one paid purchase (as many as the team has free, at most what is left of
 * the purchase), within the refund window of its payment; seats used are never refunded. The seats leave
 * the pool under the team's lock before the provider is asked, so no member can take one meanwhile; a
 * provider that fails puts them back. The same `requestId` sent twice refunds once.
 */
export async function refundSeats(
  ctx: Pick<AppContext, 'database' | 'payments' | 'clock' | 'log'>,
  { userId, teamId, purchaseId, requestId }: { userId: string; teamId: string; purchaseId: string; requestId: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const now = ctx.clock.now();
  const seen = await db
    .select()
    .from(processedEvents)
    .where(eq(processedEvents.id, `seat-refund:${requestId}`));
  // Not a UUID: no purchase of ours (and PostgreSQL would refuse to compare it with the uuid column).
  const [purchase] = UUID_PATTERN.test(purchaseId)
    ? await db
        .select()
        .from(seatPurchases)
        .where(and(eq(seatPurchases.id, purchaseId), eq(seatPurchases.teamId, team.id)))
    : [];
  if (!purchase) throw new AppError('NOT_FOUND', 'Purchase not found');
  if (seen[0]) {
    const [seats, cents] = seen[0].kind.split(':').slice(1).map(Number);
    return { refundedSeats: seats ?? 0, amountCents: cents ?? 0, currency: purchase.currency };
  }
  if (purchase.status !== 'paid' || !purchase.paidAt || !purchase.checkoutSessionId)
    throw new AppError('CONFLICT', 'This purchase was not paid, so there is nothing to refund');
  if (now.getTime() - purchase.paidAt.getTime() > LIMITS.refundWindowDays * DAY_MS) {
    throw new AppError('CONFLICT', `Seats can be refunded within ${LIMITS.refundWindowDays} days of their purchase`);
  }
  const claimed = await db.transaction(async (tx) => {
    await lockTeam(tx, team.id);
    const [current] = await tx.select().from(seatPurchases).where(eq(seatPurchases.id, purchase.id));
    if (!current) return null;
    const seats = Math.min((await seatCounts(tx, team.id)).free, current.quantity - current.refundedSeats);
    if (seats <= 0) return null;
    await tx
      .update(seatPurchases)
      .set({
        refundedSeats: sql`${seatPurchases.refundedSeats} + ${seats}`,
        refundedCents: sql`${seatPurchases.refundedCents} + ${seats * current.unitCents}`,
        refundedAt: now,
      })
      .where(eq(seatPurchases.id, purchase.id));
    return { seats, before: current.refundedSeats, amountCents: seats * current.unitCents };
  });
  if (!claimed) throw new AppError('CONFLICT', 'No unused seats of this purchase are left to refund');
  let refundId: string;
  try {
    ({ refundId } = await ctx.payments.refund({
      orderId: null,
      purchaseId: purchase.id,
      key: `${claimed.before}+${claimed.seats}`,
      sessionId: purchase.checkoutSessionId,
      paymentIntentId: purchase.paymentIntentId,
      amountCents: claimed.amountCents,
    }));
  } catch (error) {
    await db
      .update(seatPurchases)
      .set({
        refundedSeats: sql`${seatPurchases.refundedSeats} - ${claimed.seats}`,
        refundedCents: sql`${seatPurchases.refundedCents} - ${claimed.amountCents}`,
      })
      .where(eq(seatPurchases.id, purchase.id));
    ctx.log.error({ err: error, purchaseId }, 'the seat refund failed');
    throw new AppError('UNAVAILABLE', 'The refund could not be made just now, and nothing was changed. Please try again in a few minutes.');
  }
  await db
    .update(payments)
    .set({ refundId, refundedCents: sql`${payments.refundedCents} + ${claimed.amountCents}`, refundedAt: now })
    .where(eq(payments.seatPurchaseId, purchase.id));
  await db
    .insert(processedEvents)
    .values({ id: `seat-refund:${requestId}`, kind: `seatRefund:${claimed.seats}:${claimed.amountCents}` })
    .onConflictDoNothing();
  ctx.log.info({ purchaseId, seats: claimed.seats }, 'team seats refunded');
  return { refundedSeats: claimed.seats, amountCents: claimed.amountCents, currency: purchase.currency };
}
