import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { payments, referralCodes, referralCredits, referrals, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuditEntry } from '../../../shared/contracts/operator.js';
import type { OperatorReferrals } from '../../../shared/contracts/referral.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { identityOf } from '../entitlements/identity.js';
import { type Actor, runAction } from '../operator/audit.js';
import { shownState } from './get-referrals.js';
import { monthStart } from './referral-ledger.js';
import { canonicalEmail } from '../../../shared/email.js';

const CUSTOMER_NOT_FOUND = 'No customer with this email';

/** The console's view of a customer's referrals: as referrer and as friend (also from a deleted account of the same address), and their credits. */
export async function getOperatorReferrals(ctx: Pick<AppContext, 'database' | 'clock'>, email: string): Promise<OperatorReferrals> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, canonicalEmail(email)));
  if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND);
  const identity = await identityOf(db, user.email);
  const [code] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, user.id));
  const rows = await db
    .select({ referral: referrals, availableAt: referralCredits.availableAt })
    .from(referrals)
    .leftJoin(referralCredits, eq(referralCredits.referralId, referrals.id))
    .where(or(eq(referrals.referrerId, user.id), eq(referrals.friendIdentity, identity)))
    .orderBy(desc(referrals.joinedAt));
  const credits = await db.select().from(referralCredits).where(eq(referralCredits.userId, user.id)).orderBy(desc(referralCredits.createdAt));
  return {
    userId: user.id,
    email: user.email,
    code: code?.code ?? null,
    referrals: rows.map(({ referral: r, availableAt }) => {
      const role = r.referrerId === user.id ? ('referrer' as const) : ('friend' as const);
      return {
        id: r.id,
        role,
        other: role === 'referrer' ? r.friendMasked : r.referrerId ? 'referrer' : 'deleted account',
        joinedAt: r.joinedAt.toISOString(),
        state: shownState(r.state, availableAt, now),
        firstOrderId: r.firstOrderId,
      };
    }),
    credits: credits.map((c) => ({
      id: c.id,
      amountCents: c.amountCents,
      state: c.state,
      availableAt: c.availableAt.toISOString(),
      orderId: c.orderId,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** An operator voids a credit that has not been spent (pending or available); audited. A held, used or void one is refused. */
export function voidReferralCredit(ctx: Pick<AppContext, 'database' | 'clock' | 'log'>, actor: Actor, creditId: string): Promise<AuditEntry> {
  const { db } = ctx.database;
  return (async () => {
    const [credit] = UUID_PATTERN.test(creditId)
      ? await db
          .select({ id: referralCredits.id, email: users.email })
          .from(referralCredits)
          .innerJoin(users, eq(users.id, referralCredits.userId))
          .where(eq(referralCredits.id, creditId))
      : [];
    if (!credit) throw new AppError('NOT_FOUND', 'Credit not found');
    return runAction(ctx, actor, { action: 'voidReferralCredit', customerEmail: credit.email, detail: { creditId } }, async () => {
      const voided = await db
        .update(referralCredits)
        .set({ state: 'void', voidedAt: ctx.clock.now(), voidedBy: actor.email })
        .where(and(eq(referralCredits.id, creditId), inArray(referralCredits.state, ['pending', 'available'])))
        .returning({ id: referralCredits.id });
      if (voided.length === 0) throw new AppError('CONFLICT', 'This credit is held, used or void already');
      return undefined;
    });
  })();
}

/**
 * The overview's referral totals: friends who joined (ever), credits pending and usable now (amounts),
 * credits used this calendar month (UTC), and the friends' discount given on paid orders (ever).
 */
export async function referralTotals(db: Db, now: Date) {
  const [joined] = await db.select({ n: count() }).from(referrals);
  const [credits] = await db
    .select({
      pending: sql<number>`coalesce(sum(${referralCredits.amountCents}) filter (where ${referralCredits.state} = 'pending' and ${referralCredits.availableAt} > ${now.toISOString()}::timestamptz), 0)::int`,
      available: sql<number>`coalesce(sum(${referralCredits.amountCents}) filter (where ${referralCredits.state} in ('pending', 'available', 'held') and ${referralCredits.availableAt} <= ${now.toISOString()}::timestamptz), 0)::int`,
      usedThisMonth: sql<number>`coalesce(sum(${referralCredits.amountCents}) filter (where ${referralCredits.state} = 'used' and ${referralCredits.usedAt} >= ${monthStart(now).toISOString()}::timestamptz), 0)::int`,
    })
    .from(referralCredits);
  const [given] = await db.select({ cents: sql<number>`coalesce(sum(${payments.referralDiscountCents}), 0)::int` }).from(payments);
  return {
    joined: Number(joined?.n ?? 0),
    pendingCents: Number(credits?.pending ?? 0),
    availableCents: Number(credits?.available ?? 0),
    usedThisMonthCents: Number(credits?.usedThisMonth ?? 0),
    discountCents: Number(given?.cents ?? 0),
  };
}
