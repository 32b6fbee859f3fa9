import { and, count, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { appState, entitlements, orders } from '../../db/schema.js';
import { interruptedCheckout } from '../orders/order-lifecycle.js';
import { AppError } from '../../errors.js';
import { CHECKOUT_SESSION_TTL_MS } from '../../providers/payments/index.js';

/**
 * A started but unpaid beta checkout holds its seat while its session can still be paid, so seats cannot
 * be oversold by racing: no more checkouts open than seats remain.
 */
export const BETA_HOLD_MS = CHECKOUT_SESSION_TTL_MS;

// Serialises every change to the beta seats, so the last seat cannot be given twice.
const BETA_LOCK = 724_312;

export const ONE_PER_CUSTOMER = 'The beta package is limited to one per customer';
export const SEATS_GONE = 'All beta spots are taken; please choose another package';
/** The customer's own beta checkout still holds their seat: it is in My Orders, to pay or discard. */
export const UNPAID_BETA_ORDER = 'You already have an unpaid beta order: complete its payment or discard it in My Orders';

const beta = eq(entitlements.kind, 'betaSeat');

/** A seat counts while it is used, or held by a checkout that can still be paid. */
const seatTaken = (now: Date) => or(eq(entitlements.state, 'used'), and(eq(entitlements.state, 'held'), gt(entitlements.heldUntil, now)));

/**
 * Beta seats taken, from the ledger: used seats (deleting the order or the account does not give one
 * back) and seats held by an open checkout. `identity` counts one person's, leaving out a hold of theirs
 * whose checkout a crash cut off before its payment session (it can never be paid; the next seat they
 * take releases it).
 */
export async function countBetaSeats(db: Executor, now: Date, identity?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(entitlements)
    .where(
      and(
        beta,
        seatTaken(now),
        identity ? eq(entitlements.identity, identity) : undefined,
        identity ? or(eq(entitlements.state, 'used'), notInArray(entitlements.orderId, cutOffCheckouts(db))) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The orders whose checkout a crash cut off before their payment session. */
const cutOffCheckouts = (db: Executor) => db.select({ id: orders.id }).from(orders).where(interruptedCheckout);

/**
 * Refuses a beta order when no seat remains or when the person already has one. A cheap first answer,
 * before the photos are checked; `holdBetaSeat` decides for good. When the seat is held by this
 * customer's own unpaid checkout, they are told where to finish or drop it.
 */
export async function assertBetaAvailable(
  db: Db,
  { identity, userId, seats, now }: { identity: string; userId: string; seats: number; now: Date },
): Promise<void> {
  if ((await countBetaSeats(db, now, identity)) > 0) {
    const [unpaid] = await db
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(and(beta, eq(entitlements.state, 'held'), gt(entitlements.heldUntil, now), eq(entitlements.userId, userId)))
      .limit(1);
    throw new AppError('CONFLICT', unpaid ? UNPAID_BETA_ORDER : ONE_PER_CUSTOMER);
  }
  if ((await countBetaSeats(db, now)) >= seats) throw new AppError('CONFLICT', SEATS_GONE);
}

interface SeatClaim {
  identity: string;
  userId: string;
  orderId: string;
  seats: number;
  now: Date;
}

/**
 * Holds that ran out become released, so the person may try again and the unique index lets them; so
 * does the person's hold by a checkout a crash cut off before it got a payment session (it can never be
 * paid, and its customer never got an answer). A checkout of theirs still starting loses its hold that
 * way too, but then cannot take a seat at payment while this one holds it: never two seats for one.
 */
async function releaseStaleHolds(tx: Executor, identity: string, now: Date): Promise<void> {
  await tx
    .update(entitlements)
    .set({ state: 'released', releasedAt: now, releasedBy: 'expired' })
    .where(and(beta, eq(entitlements.state, 'held'), lte(entitlements.heldUntil, now)));
  await tx
    .update(entitlements)
    .set({ state: 'released', releasedAt: now, releasedBy: 'interrupted' })
    .where(and(beta, eq(entitlements.state, 'held'), eq(entitlements.identity, identity), inArray(entitlements.orderId, cutOffCheckouts(tx))));
}

/**
 * Takes a seat for `orderId` under the lock: `held` until the checkout session can no longer be paid,
 * or `used` at once. Refused with the reason when the person already has one or none remains.
 */
async function takeSeat(tx: Executor, { identity, userId, orderId, seats, now }: SeatClaim, state: 'held' | 'used'): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BETA_LOCK})`);
  await releaseStaleHolds(tx, identity, now);
  if ((await countBetaSeats(tx, now, identity)) > 0) throw new AppError('CONFLICT', ONE_PER_CUSTOMER);
  if ((await countBetaSeats(tx, now)) >= seats) throw new AppError('CONFLICT', SEATS_GONE);
  await tx.insert(entitlements).values({
    kind: 'betaSeat',
    identity,
    userId,
    orderId,
    state,
    heldUntil: state === 'held' ? new Date(now.getTime() + BETA_HOLD_MS) : null,
    usedAt: state === 'used' ? now : null,
    createdAt: now,
  });
}

/** Holds a seat for a beta order from its checkout to its payment (the session's hour). */
export async function holdBetaSeat(db: Db, claim: SeatClaim): Promise<void> {
  await db.transaction((tx) => takeSeat(tx, claim, 'held'));
}

/**
 * Turns the order's held seat into a used one as it is paid. A hold that ran out (a payment reported
 * late) or an order from before the ledger takes a seat now if one is left; false when none is.
 */
export async function spendBetaSeat(tx: Executor, claim: SeatClaim): Promise<boolean> {
  const used = await tx
    .update(entitlements)
    .set({ state: 'used', usedAt: claim.now, heldUntil: null })
    .where(and(beta, eq(entitlements.orderId, claim.orderId), eq(entitlements.state, 'held')))
    .returning({ id: entitlements.id });
  if (used.length > 0) return true;
  try {
    await takeSeat(tx, claim, 'used');
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Frees a person's used or held seat on purpose (an operator's action, audited by the caller): they may
 * join the beta again and the seat counts as free. False when they hold none.
 */
export async function freeBetaSeat(db: Db, { identity, by, now }: { identity: string; by: string; now: Date }): Promise<boolean> {
  const freed = await db
    .update(entitlements)
    .set({ state: 'released', releasedAt: now, releasedBy: by })
    .where(and(beta, eq(entitlements.identity, identity), or(eq(entitlements.state, 'used'), eq(entitlements.state, 'held'))))
    .returning({ id: entitlements.id });
  return freed.length > 0;
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
