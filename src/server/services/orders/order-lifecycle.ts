import { giveGiftCardBack } from '../giftcards/give-back.js';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Executor } from '../../db/client.js';
import { candidates, favorites, likenessReferences, orders, payments, portraits, replacements, selfies, teamInvitations } from '../../db/schema.js';
import { LIMITS } from '../../../shared/limits.js';
import { releaseHolds } from '../entitlements/holds.js';
import { referralRefund } from '../referrals/referral-ledger.js';
import { lockTeam, seatCounts } from '../teams/seats.js';
import { orderFolder } from './storage-keys.js';

/**
 * The one home of an order's life: every status change, and the questions other code asks about where
 * orders stand. An order is created `pending`, becomes `processing` when paid, records progress while a
 * worker holds its generation lease, ends `completed` or `failed`, and is purged (files and personal
 * answers gone, bookkeeping kept) 30 days later. An unpaid order that can never be paid is deleted.
 *
 *   pending ──paid──▶ processing ──▶ completed ──30 days──▶ purged
 *      │                  └────────▶ failed ─────30 days──▶ purged
 *      └─ payment failed / beta full ─▶ failed;  expired or interrupted checkout ─▶ deleted
 *
 * Every transition is a conditional update on the state it leaves, so two callers racing for it (a
 * webhook and the return page, two workers) cannot both win: the loser's update matches no row.
 */

export type Order = typeof orders.$inferSelect;

// ─── Questions ──────────────────────────────────────────────────────────────────────────────────

// drizzle types `and`/`or` as possibly undefined for the case of no conditions at all; with a first
// condition given they always return SQL, so the fallback is never taken.
const allOf = (first: SQL, ...rest: (SQL | undefined)[]): SQL => and(first, ...rest) ?? first;
const anyOf = (first: SQL, ...rest: (SQL | undefined)[]): SQL => or(first, ...rest) ?? first;

/** Still pending and never paid: an order that can still be paid, failed or released. */
const unpaid = (): SQL => allOf(eq(orders.status, 'pending'), isNull(orders.paidAt));

/** The unpaid order behind a checkout session. */
export const unpaidOrderOf = (sessionId: string): SQL => allOf(eq(orders.checkoutSessionId, sessionId), unpaid());

/** The order, while it is still unpaid (a discard must not delete an order that was paid meanwhile). */
export const unpaidOrder = (orderId: string): SQL => allOf(eq(orders.id, orderId), unpaid());

/**
 * An order its customer may delete: delivered, or refunded (the row only says what happened by then),
 * and no refund of it under way, whose finishing needs the order.
 */
export const removableByCustomer = (orderId: string): SQL =>
  allOf(eq(orders.id, orderId), inArray(orders.status, ['completed', 'refunded']), anyOf(isNull(orders.refundStartedAt), isNotNull(orders.refundedAt)));

/** An order whose checkout a crash cut off: still `pending`, and never given a payment session. */
export const interruptedCheckout: SQL = allOf(eq(orders.status, 'pending'), isNull(orders.checkoutSessionId));

/** Unpaid orders with a payment session started after `since`: what the settling sweep reads back. */
export const openCheckoutSince = (since: Date): SQL => allOf(unpaid(), isNotNull(orders.checkoutSessionId), gt(orders.createdAt, since));

/**
 * Paid orders that are processing with no live worker: the lease is free, or its holder has not proved
 * it is alive since `staleBefore`. With `staleBefore` null every processing order counts (at start-up,
 * when the holder may well have been this very process).
 */
export const orphanedProcessing = (staleBefore: Date | null): SQL =>
  allOf(
    eq(orders.status, 'processing'),
    isNotNull(orders.paidAt),
    staleBefore ? anyOf(isNull(orders.generationHeartbeatAt), lt(orders.generationHeartbeatAt, staleBefore)) : undefined,
  );

/** Delivered or failed before `cutoff`, not kept longer by an operator, and not purged yet: the retention rule's due orders. */
export const purgeDue = (cutoff: Date, now: Date): SQL =>
  allOf(
    isNull(orders.purgedAt),
    anyOf(lt(orders.completedAt, cutoff), lt(orders.failedAt, cutoff)),
    anyOf(isNull(orders.keepUntil), lt(orders.keepUntil, now)),
  );

/** When the retention purge takes this order (the rule of `purgeDue`): 30 days after delivery or failure, or an operator's later date. */
export function purgeDate(order: Pick<Order, 'completedAt' | 'failedAt' | 'keepUntil' | 'purgedAt'>): Date | null {
  const finished = order.completedAt ?? order.failedAt;
  if (order.purgedAt || !finished) return null;
  const due = new Date(finished.getTime() + LIMITS.retentionDays * 24 * 3600_000);
  return order.keepUntil && order.keepUntil > due ? order.keepUntil : due;
}

/** A refund we started and did not record: a crash came between asking the provider and recording its answer. */
export const refundUnfinished = (startedBefore?: Date): SQL =>
  allOf(isNotNull(orders.refundStartedAt), isNull(orders.refundedAt), startedBefore ? lt(orders.refundStartedAt, startedBefore) : undefined);

// ─── Transitions ────────────────────────────────────────────────────────────────────────────────

export type NewOrder = Pick<
  typeof orders.$inferInsert,
  | 'userId'
  | 'categoryId'
  | 'packageId'
  | 'portraitInfo'
  | 'imageTotal'
  | 'priceCents'
  | 'discountCents'
  | 'amountCents'
  | 'currency'
  | 'couponCode'
  | 'isBeta'
  | 'photoCheck'
  | 'refreshOf'
  | 'teamId'
  | 'teamInvitationId'
  | 'teamSeat'
  | 'giftCardId'
>;

/** A new order, `pending` until its checkout is paid. */
export async function createPendingOrder(db: Db, order: NewOrder, now: Date): Promise<Order> {
  const [created] = await db
    .insert(orders)
    .values({ ...order, status: 'pending', createdAt: now, updatedAt: now })
    .returning();
  if (!created) throw new Error('Inserting the order returned no row');
  return created;
}

/** The payment session opened for a pending order; from now on the order holds its beta seat, if any. */
export async function attachCheckoutSession(db: Db, orderId: string, sessionId: string): Promise<void> {
  await db
    .update(orders)
    .set({ checkoutSessionId: sessionId })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

export interface PaidAmounts {
  discountCents: number;
  amountCents: number;
  currency: string;
  couponCode: string | null;
  /** Referrals: the parts of the discount that were the friend's welcome discount and credits. */
  referralDiscountCents?: number;
  creditCents?: number;
}

/** Pending → processing with what the provider says was paid. False when someone else marked it first. */
export async function markPaid(tx: Executor, orderId: string, paid: PaidAmounts, now: Date): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({ status: 'processing', paidAt: now, ...paid, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.paidAt)))
    .returning({ id: orders.id });
  return updated.length === 1;
}

/** An unpaid order that will not be paid (the payment failed, the last beta seat went): pending → failed. */
export async function failUnpaid(tx: Executor, where: { orderId: string } | { sessionId: string }, reason: string, now: Date): Promise<string | null> {
  const which = 'orderId' in where ? allOf(eq(orders.id, where.orderId), unpaid()) : unpaidOrderOf(where.sessionId);
  const [failed] = await tx
    .update(orders)
    .set({ status: 'failed', failedAt: now, failureReason: reason, updatedAt: now })
    .where(which)
    .returning({ id: orders.id });
  if (failed) await releaseHolds(tx, failed.id, now);
  return failed?.id ?? null;
}

/** The moment generation first started, kept across restarts for the time bound. */
export async function markGenerationStarted(db: Db, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ generationStartedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.generationStartedAt)));
}

/**
 * Portraits stored so far, and the generator's reference when it gave one. Only while `owner` holds the
 * lease: a taken-over worker must not wind a finished order's progress back.
 */
export async function recordProgress(
  db: Db,
  {
    orderId,
    owner,
    generated,
    total,
    delivered = generated,
    providerRef,
    now,
  }: {
    orderId: string;
    owner: string;
    /** Images made of `total`: the progress. */
    generated: number;
    total: number;
    /** Portraits the customer can see so far (the likeness check delivers at the end). */
    delivered?: number;
    providerRef?: string;
    now: Date;
  },
): Promise<void> {
  const percent = Math.floor((generated / total) * 100);
  // The time each tenth was first reached, for the console's timeline; a tenth already marked keeps its time.
  const reached = Object.fromEntries(Array.from({ length: Math.floor(percent / 10) }, (_, i) => [String((i + 1) * 10), now.toISOString()]));
  await db
    .update(orders)
    .set({
      imageGenerated: delivered,
      // Progress only ever rises; 100 is reserved for completion.
      progress: sql`greatest(${orders.progress}, ${Math.min(99, percent)})`,
      updatedAt: now,
      generationHeartbeatAt: now,
      ...(generated > 0 ? { firstPortraitAt: sql`coalesce(${orders.firstPortraitAt}, ${now})` } : {}),
      ...(Object.keys(reached).length > 0 ? { progressMarks: sql`${JSON.stringify(reached)}::jsonb || coalesce(${orders.progressMarks}, '{}'::jsonb)` } : {}),
      ...(providerRef ? { providerRef } : {}),
      // A step that worked: generation is no longer failing.
      generationFailingSince: null,
      lastGenerationError: null,
    })
    .where(and(eq(orders.id, orderId), eq(orders.generationOwner, owner), eq(orders.status, 'processing')));
}

/** A generation step failed with an error (it will be tried again): since when it keeps failing, and why. */
export async function recordGenerationError(db: Db, orderId: string, message: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({
      generationFailingSince: sql`coalesce(${orders.generationFailingSince}, ${now.toISOString()}::timestamptz)`,
      lastGenerationError: message.slice(0, 500),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')));
}

/**
 * Failed → processing again (an operator's retry): a fresh 72-hour bound, the portraits already made
 * kept (only the missing ones are made). The provider's reference keeps only what can be reused (Astria's
 * tune, not its prompts). `notFailed` when the order is not failed (a concurrent retry got there first,
 * or it is purged or being refunded). A team member's seat order gave its seat back when it failed, so the retry
 * takes one again, under the team's lock like every seat change; `noSeat` (nothing changed) when the
 * team has none free.
 */
export async function retryGeneration(db: Db, orderId: string, providerRef: string | null, now: Date): Promise<'retried' | 'notFailed' | 'noSeat'> {
  const outcome = await db.transaction(async (tx) => {
    const [seat] = await tx
      .select({ teamId: orders.teamId, invitationId: orders.teamInvitationId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.teamSeat, true)));
    let takeSeat = false;
    if (seat?.teamId && seat.invitationId) {
      await lockTeam(tx, seat.teamId);
      const [invitation] = await tx.select({ seat: teamInvitations.seat }).from(teamInvitations).where(eq(teamInvitations.id, seat.invitationId));
      // `used` still: the seat never went back (an order failed before seats were given back); nothing to take.
      takeSeat = invitation?.seat !== 'used';
      if (takeSeat && (await seatCounts(tx, seat.teamId)).free <= 0) {
        const [still] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
        return still?.status === 'failed' ? ('noSeat' as const) : ('notFailed' as const);
      }
    }
    const done = await tx
      .update(orders)
      .set({
        status: 'processing',
        failedAt: null,
        failureReason: null,
        generationStartedAt: null,
        generationFailingSince: null,
        lastGenerationError: null,
        generationOwner: null,
        generationHeartbeatAt: null,
        providerRef,
        imageRounds: null,
        retries: sql`${orders.retries} + 1`,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'failed'), isNull(orders.purgedAt), isNull(orders.refundStartedAt)))
      .returning({ id: orders.id });
    if (done.length !== 1) return 'notFailed' as const;
    if (takeSeat && seat?.invitationId) await tx.update(teamInvitations).set({ seat: 'used' }).where(eq(teamInvitations.id, seat.invitationId));
    return 'retried' as const;
  });
  // The likeness check starts over for the portraits still missing: the failed attempt's images that
  // were not delivered are not reused (their provider references are gone with the prompts).
  if (outcome === 'retried') await db.delete(candidates).where(and(eq(candidates.orderId, orderId), isNull(candidates.deliveredAs)));
  return outcome;
}

/** Keeps a delivered or failed order 30 more days past its current purge date (an operator's action). */
export async function extendRetention(db: Db, orderId: string, now: Date): Promise<Date | null> {
  const days = sql`${LIMITS.retentionDays} * interval '1 day'`;
  const purgeDate = sql`coalesce(${orders.completedAt}, ${orders.failedAt}) + ${days}`;
  const [done] = await db
    .update(orders)
    .set({ keepUntil: sql`greatest(coalesce(${orders.keepUntil}, ${purgeDate}), ${now}::timestamptz) + ${days}`, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['completed', 'failed']), isNull(orders.purgedAt)))
    .returning({ keepUntil: orders.keepUntil });
  return done?.keepUntil ?? null;
}

/** Processing → completed. False when the order had already left `processing` (another worker finished it). */
export async function completeOrder(db: Db, orderId: string, generated: number, now: Date): Promise<boolean> {
  const done = await db
    .update(orders)
    .set({
      status: 'completed',
      progress: 100,
      imageGenerated: generated,
      completedAt: now,
      updatedAt: now,
      generationOwner: null,
      generationHeartbeatAt: null,
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
    .returning({ id: orders.id });
  return done.length === 1;
}

/** Processing → failed, with the reason the customer and support see. False when it had already left `processing`. */
export async function failGeneration(db: Db, orderId: string, reason: string, now: Date): Promise<boolean> {
  const done = await db
    .update(orders)
    .set({ status: 'failed', failedAt: now, failureReason: reason, updatedAt: now, generationOwner: null, generationHeartbeatAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')))
    .returning({ id: orders.id, teamInvitationId: orders.teamInvitationId, teamSeat: orders.teamSeat, giftCardId: orders.giftCardId });
  // A team member's order that fails for good gives its seat back to the team (not the member's retry).
  const [failed] = done;
  if (failed?.teamSeat && failed.teamInvitationId) {
    await db
      .update(teamInvitations)
      .set({ seat: 'none' })
      .where(and(eq(teamInvitations.id, failed.teamInvitationId), eq(teamInvitations.seat, 'used')));
  }
  // Gift cards: an order a card paid that fails for good gives the card back.
  if (failed?.giftCardId) await giveGiftCardBack(db, failed.id);
  return done.length === 1;
}

/** What a refresh needs of the order's person is kept. */
export async function markLikenessKept(db: Db, orderId: string, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ likenessKeptAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.likenessKeptAt)));
}

/** The provider no longer holds the order's person (Astria deleted the fine-tune): no refresh can be made of it. */
export async function forgetLikeness(db: Db, orderId: string): Promise<void> {
  await db.update(orders).set({ likenessKeptAt: null }).where(eq(orders.id, orderId));
  // The reference only served a later replacement or refresh of this person.
  await db.delete(likenessReferences).where(eq(likenessReferences.orderId, orderId));
}

/** The images each round of the likeness check asks for (see `orders.imageRounds`). */
export async function recordImageRounds(db: Db, orderId: string, rounds: number[]): Promise<void> {
  await db
    .update(orders)
    .set({ imageRounds: rounds })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'processing')));
}

/**
 * The order's payment has had a refund recorded: a payment is refunded once (docs/decisions.md, "Refunds").
 * Plain SQL, since drizzle would leave the outer `orders.id` unqualified inside the subquery.
 */
const paymentRefunded = sql`exists (select 1 from payments where payments.order_id = orders.id and payments.refunded_at is not null)`;

/**
 * Starts the refund of a delivered or failed order: true for the one caller that may go on to ask the
 * payment provider; false when a refund was already started (by a concurrent request, say) or done, or
 * the payment was already refunded in part. `amountCents` is an operator's amount (null: the whole payment).
 */
export async function claimRefund(db: Db, orderId: string, now: Date, amountCents: number | null = null): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ refundStartedAt: now, refundCents: amountCents, updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.refundStartedAt),
        isNull(orders.refundedAt),
        inArray(orders.status, ['completed', 'failed']),
        // A deletion that marked the order first wins: its payment is left to support, not refunded half-way.
        isNull(orders.deletingAt),
        sql`not ${paymentRefunded}`,
      ),
    )
    .returning({ id: orders.id });
  return claimed.length === 1;
}

/**
 * Records a full refund the provider made: the order becomes `refunded` and its payment shows the refund.
 * With `revokePortraits` its portraits, files and answers go at once as in the purge (files first, so a
 * failure leaves the refund unrecorded and the sweep tries again); without, they stay until the retention
 * purge takes the order. True only the first time, so the caller mails once; a refund already recorded
 * changes nothing more, neither the portraits nor the payment.
 */
export async function markRefunded(
  ctx: Pick<AppContext, 'database' | 'files'>,
  orderId: string,
  refund: { refundId: string; amountCents: number },
  now: Date,
  { revokePortraits }: { revokePortraits: boolean },
): Promise<boolean> {
  const [order] = await ctx.database.db.select({ refundedAt: orders.refundedAt }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.refundedAt) return false;
  if (revokePortraits) await purgeOrder(ctx, orderId, now);
  return ctx.database.db.transaction(async (tx) => {
    const done = await tx
      .update(orders)
      .set({
        status: 'refunded',
        refundedAt: now,
        refundStartedAt: sql`coalesce(${orders.refundStartedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), isNull(orders.refundedAt)))
      .returning({ id: orders.id });
    if (done.length === 0) return false;
    // A payment refunded in part before (the rest refunded in Stripe's dashboard) shows the whole refund.
    await tx
      .update(payments)
      .set({ refundId: refund.refundId, refundedCents: refund.amountCents, refundedAt: now })
      .where(and(eq(payments.orderId, orderId), or(isNull(payments.refundedAt), lt(payments.refundedCents, refund.amountCents))));
    // Referrals: a friend's refunded first order earns no credit; credits the order used come back.
    await referralRefund(tx, orderId, now);
    return true;
  });
}

/**
 * Records an operator's refund of part of the payment (a goodwill refund): the payment shows it, and the
 * order is left as it was, status, portraits and retention alike; only the claim is taken off it, so
 * neither the customer's refund rule nor the console reads it as refunded. True only the first time.
 */
export async function markPartlyRefunded(db: Db, orderId: string, refund: { refundId: string; amountCents: number }, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .update(payments)
      .set({ refundId: refund.refundId, refundedCents: refund.amountCents, refundedAt: now })
      .where(and(eq(payments.orderId, orderId), isNull(payments.refundedAt)))
      .returning({ id: payments.id });
    await tx
      .update(orders)
      .set({ refundStartedAt: null, refundCents: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.refundedAt)));
    return recorded.length === 1;
  });
}

/** Why a replacement ended unfinished: its order's portraits were removed (refund, purge). */
export const PORTRAITS_REMOVED = "The order's portraits were removed";

/**
 * The retention purge of one order (and a refund that revokes its portraits): its files, portraits,
 * favorites, selfies and personal answers go; the row keeps its bookkeeping (dates, package, amounts) and
 * is marked purged, so the customer sees it as expired rather than broken. Files first, so a failure
 * leaves something to retry. A pending replacement ends with it, under the order row's lock, the lock
 * a replacement takes to put its image in place (replaceStoredPortrait): one that finishes later writes
 * nothing, and the files go once more after the rows, for one that wrote its image just before.
 */
export async function purgeOrder(ctx: Pick<AppContext, 'database' | 'files'>, orderId: string, now: Date): Promise<void> {
  await ctx.files.deletePrefix(orderFolder(orderId));
  await ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    await tx.delete(portraits).where(eq(portraits.orderId, orderId));
    await tx.delete(favorites).where(eq(favorites.orderId, orderId));
    await tx.delete(selfies).where(eq(selfies.orderId, orderId));
    await tx.delete(likenessReferences).where(eq(likenessReferences.orderId, orderId));
    await tx
      .update(replacements)
      .set({ status: 'failed', reason: PORTRAITS_REMOVED, finishedAt: now })
      .where(and(eq(replacements.orderId, orderId), eq(replacements.status, 'pending')));
    await tx.update(orders).set({ purgedAt: now, portraitInfo: null, comment: '', updatedAt: now }).where(eq(orders.id, orderId));
  });
  await ctx.files.deletePrefix(orderFolder(orderId));
}

/** The order was deleted while something was written for it: the writer removes what it wrote and stops. */
export class OrderGoneError extends Error {
  override name = 'OrderGoneError';
}

/** An order that is not being deleted: what every write for an order requires. */
export const notDeleting: SQL = isNull(orders.deletingAt);

/**
 * Adds a stored portrait's row, unless the order is being deleted or is gone: the check and the insert
 * happen under the order row's lock, so a deletion that marked the order first wins, and one that comes
 * after finds the row (and deletes it with the files). False when the order is deleting or gone: the
 * caller then removes the files it wrote. A repeated delivery (after a crash) is a no-op.
 */
export async function addPortraitRow(db: Db, portrait: typeof portraits.$inferInsert): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, portrait.orderId), notDeleting))
      .for('update');
    if (!live) return false;
    await tx.insert(portraits).values(portrait).onConflictDoNothing();
    return true;
  });
}

/** Whether the order still exists and is not being deleted (a long step checks before it writes). */
export async function orderLive(db: Db, orderId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), notDeleting));
  return live !== undefined;
}

/**
 * Deletes an order outright. First it is marked as being deleted (only while `still` holds: the order
 * did not get paid meanwhile, say), which stops a running generation before it writes again and hides
 * the order from its customer; a seat its checkout held is freed. Then its files (selfies, portraits,
 * thumbnails) go, then its row, whose selfies, portraits, favorites and downloads cascade; a payment
 * stays for bookkeeping, detached by its foreign key. If the files cannot be deleted the order stays
 * marked, and `finishDeletions` tries again, unless `filesBestEffort` says the row must go whatever the
 * store answers (a checkout that failed as it started; the file sweep takes what is left). False when
 * `still` did not hold.
 */
export async function deleteOrderAndFiles(
  ctx: Pick<AppContext, 'database' | 'files'>,
  orderId: string,
  { still, filesBestEffort = false, now }: { still?: SQL; filesBestEffort?: boolean; now: Date },
): Promise<boolean> {
  const { db } = ctx.database;
  const marked = await markDeleting(db, and(eq(orders.id, orderId), still), now);
  if (marked.length === 0) return false;
  await removeMarked(ctx, orderId, filesBestEffort);
  return true;
}

/** Marks orders as being deleted (see `deleteOrderAndFiles`) and frees what their checkouts held. */
export async function markDeleting(db: Db, which: SQL | undefined, now: Date): Promise<string[]> {
  const marked = await db
    .update(orders)
    .set({ deletingAt: sql`coalesce(${orders.deletingAt}, ${now.toISOString()}::timestamptz)` })
    .where(which)
    .returning({ id: orders.id });
  for (const { id } of marked) await releaseHolds(db, id, now);
  return marked.map((m) => m.id);
}

/** The files, then the row, of an order marked as being deleted. */
async function removeMarked(ctx: Pick<AppContext, 'database' | 'files'>, orderId: string, filesBestEffort = false): Promise<void> {
  const files = ctx.files.deletePrefix(orderFolder(orderId));
  await (filesBestEffort ? files.catch(() => {}) : files);
  await ctx.database.db.delete(orders).where(and(eq(orders.id, orderId), isNotNull(orders.deletingAt)));
}

/** Deletions a failing file store interrupted (marked before `before`), carried out again. */
export async function finishDeletions(ctx: Pick<AppContext, 'database' | 'files'>, before: Date): Promise<number> {
  const stuck = await ctx.database.db.select({ id: orders.id }).from(orders).where(lt(orders.deletingAt, before));
  for (const { id } of stuck) await removeMarked(ctx, id);
  return stuck.length;
}
