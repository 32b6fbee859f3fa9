import { and, count, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { CHECKOUT_SESSION_TTL_MS } from '../../providers/payments/index.js';

/**
 * A started but unpaid beta checkout holds its seat while its session can still be paid, so seats cannot
 * be oversold by racing.
 */
export const BETA_HOLD_MS = CHECKOUT_SESSION_TTL_MS;

/**
 * Paid beta orders, plus unpaid ones started within the hold window. An order that never got its payment
 * session (a crash cut its checkout off) holds nothing: its customer never got an answer and tries again.
 */
const takenOrHeld = (now: Date) =>
  and(
    eq(orders.isBeta, true),
    or(
      isNotNull(orders.paidAt),
      and(isNull(orders.paidAt), eq(orders.status, 'pending'), isNotNull(orders.checkoutSessionId), gt(orders.createdAt, new Date(now.getTime() - BETA_HOLD_MS))),
    ),
  );

/**
 * Refuses a beta order when no seat remains or when the customer already has one. The beta package is
 * free only while seats remain, and one per customer.
 */
export async function assertBetaAvailable(db: Db, { userId, seats, now }: { userId: string; seats: number; now: Date }): Promise<void> {
  const [mine] = await db.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), takenOrHeld(now)));
  if (Number(mine?.n ?? 0) > 0) throw new AppError('CONFLICT', 'The beta package is limited to one per customer');
  const [all] = await db.select({ n: count() }).from(orders).where(takenOrHeld(now));
  if (Number(all?.n ?? 0) >= seats) {
    throw new AppError('CONFLICT', 'All beta spots are taken; please choose another package');
  }
}
