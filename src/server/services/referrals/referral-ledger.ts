import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { referralCodes, referralCredits, referrals } from '../../db/schema.js';
import { REFERRAL_PROGRAM } from '../../../shared/catalog/packages.js';

const DAY = 24 * 3600_000;

/** The first moment of `now`'s calendar month, UTC: the monthly limit counts credits made since. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * The credits a referrer earned in `now`'s month, which the monthly limit counts: a voided credit (by a
 * refund in its window, or by the operator) was never earned, so it frees its place.
 */
export async function creditsEarnedThisMonth(tx: Executor, userId: string, now: Date): Promise<number> {
  const [made] = await tx
    .select({ n: count() })
    .from(referralCredits)
    .where(and(eq(referralCredits.userId, userId), gte(referralCredits.createdAt, monthStart(now)), ne(referralCredits.state, 'void')));
  return Number(made?.n ?? 0);
}

/**
 * A paid order's part in the referral program, inside the fulfilment's transaction. When it is the first
 * paid order of a referred person (`firstOrder`: the ledger just recorded it), the referral becomes
 * `ordered` and the referrer earns a `pending` credit, usable once the friend's refund window has passed;
 * or `capped` when the referrer already earned the month's limit (a voided credit, by a refund in its
 * window or by the operator, was never earned and does not count). The referrer's code row is locked while
 * counting, so two friends paying at once cannot both take the last credit of a month.
 */
export async function recordReferredOrder(
  tx: Executor,
  { identity, orderId, firstOrder, now }: { identity: string; orderId: string; firstOrder: boolean; now: Date },
): Promise<void> {
  if (!firstOrder) return;
  const [referral] = await tx
    .update(referrals)
    .set({ state: 'ordered', firstOrderId: orderId, paidAt: now })
    .where(and(eq(referrals.friendIdentity, identity), eq(referrals.state, 'joined')))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  // A deleted referrer's credits go with their account: none is made for them either.
  if (!referral?.referrerId) return;
  await tx.select({ userId: referralCodes.userId }).from(referralCodes).where(eq(referralCodes.userId, referral.referrerId)).for('update');
  if ((await creditsEarnedThisMonth(tx, referral.referrerId, now)) >= REFERRAL_PROGRAM.creditsPerMonth) {
    await tx.update(referrals).set({ state: 'capped' }).where(eq(referrals.id, referral.id));
    return;
  }
  await tx.insert(referralCredits).values({
    userId: referral.referrerId,
    referralId: referral.id,
    amountCents: REFERRAL_PROGRAM.referrerCreditCents,
    currency: 'usd',
    state: 'pending',
    availableAt: new Date(now.getTime() + REFERRAL_PROGRAM.windowDays * DAY),
    createdAt: now,
  });
}

/**
 * An order was refunded in full. If it was a friend's first order and its credit is still in the refund
 * window, the credit is void and the referral `refunded`; a credit past its window stays the referrer's.
 * Credits the order itself used are given back as available (the customer got their money back, and the
 * credit was part of it).
 */
export async function referralRefund(tx: Executor, orderId: string, now: Date): Promise<void> {
  const [referral] = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.firstOrderId, orderId));
  if (referral) {
    const voided = await tx
      .update(referralCredits)
      .set({ state: 'void', voidedAt: now, voidedBy: 'refund' })
      .where(
        and(
          eq(referralCredits.referralId, referral.id),
          eq(referralCredits.state, 'pending'),
          sql`${referralCredits.availableAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: referralCredits.id });
    const [credit] = await tx.select({ id: referralCredits.id }).from(referralCredits).where(eq(referralCredits.referralId, referral.id));
    // No credit at all (the referrer's account is gone, or the month was capped) or one voided now: the referral shows the refund.
    if (voided.length > 0 || !credit)
      await tx
        .update(referrals)
        .set({ state: 'refunded' })
        .where(and(eq(referrals.id, referral.id), inArray(referrals.state, ['ordered', 'capped'])));
  }
  await tx
    .update(referralCredits)
    .set({ state: 'available', orderId: null, usedAt: null })
    .where(and(eq(referralCredits.orderId, orderId), inArray(referralCredits.state, ['used', 'held'])));
}
