import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appState } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { CHECKOUT_SESSION_TTL_MS } from '../../providers/payments/index.js';
import { countBetaSeats } from '../orders/order-lifecycle.js';

/**
 * A started but unpaid beta checkout holds its seat while its session can still be paid, so seats cannot
 * be oversold by racing.
 */
export const BETA_HOLD_MS = CHECKOUT_SESSION_TTL_MS;

/**
 * Refuses a beta order when no seat remains or when the customer already has one. The beta package is
 * free only while seats remain, and one per customer.
 */
export async function assertBetaAvailable(db: Db, { userId, seats, now }: { userId: string; seats: number; now: Date }): Promise<void> {
  const heldSince = new Date(now.getTime() - BETA_HOLD_MS);
  if ((await countBetaSeats(db, { heldSince, userId })) > 0) throw new AppError('CONFLICT', 'The beta package is limited to one per customer');
  if ((await countBetaSeats(db, { heldSince })) >= seats) {
    throw new AppError('CONFLICT', 'All beta spots are taken; please choose another package');
  }
}

const SEATS_KEY = 'betaSeats';

/**
 * How many beta seats there are in all: the operator's figure once one was set in the console (stored in
 * the database, so every process sees it at once, no restart), else the `BETA_SEATS` setting.
 */
export async function betaSeatTotal(db: Pick<Db, 'select'>, configured: number): Promise<number> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, SEATS_KEY));
  return typeof row?.value === 'number' ? row.value : configured;
}

/** Sets the number of beta seats (an operator's action); seats already taken stay taken. */
export async function setBetaSeatTotal(db: Db, seats: number, now: Date): Promise<void> {
  await db
    .insert(appState)
    .values({ key: SEATS_KEY, value: seats, updatedAt: now })
    .onConflictDoUpdate({ target: appState.key, set: { value: seats, updatedAt: now } });
}
