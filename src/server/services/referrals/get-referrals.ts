import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { referralCredits, referrals } from '../../db/schema.js';
import { REFERRAL_PROGRAM } from '../../../shared/catalog/packages.js';
import type { ReferralState, ReferralsResponse } from '../../../shared/contracts/referral.js';
import { identityOfUser } from '../entitlements/identity.js';
import { creditsEarnedThisMonth } from './referral-ledger.js';
import { referralCodeOf, referralLink } from './referral-code.js';

/**
 * A referral's state as a person reads it: `ordered` until the friend's refund window has passed, then
 * `credited` (the credit became the referrer's at `availableAt`; evaluated here, so no job has to move it).
 */
export function shownState(state: ReferralState, creditAvailableAt: Date | null, now: Date): ReferralState {
  return state === 'ordered' && creditAvailableAt && creditAvailableAt <= now ? 'credited' : state;
}

/** The customer's Referrals page: their link (made on the first view), the friends who joined, the credits. */
export async function getReferrals(ctx: Pick<AppContext, 'database' | 'clock' | 'config'>, userId: string): Promise<ReferralsResponse> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const code = await referralCodeOf(db, userId, now);
  const friends = await db
    .select({ masked: referrals.friendMasked, joinedAt: referrals.joinedAt, state: referrals.state, availableAt: referralCredits.availableAt })
    .from(referrals)
    .leftJoin(referralCredits, eq(referralCredits.referralId, referrals.id))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.joinedAt));
  const credits = await db
    .select({ amountCents: referralCredits.amountCents, state: referralCredits.state, availableAt: referralCredits.availableAt })
    .from(referralCredits)
    .where(and(eq(referralCredits.userId, userId), inArray(referralCredits.state, ['pending', 'available', 'held', 'used'])))
    .orderBy(asc(referralCredits.availableAt));
  const made = await creditsEarnedThisMonth(db, userId, now);
  const identity = await identityOfUser(db, userId);
  const [welcome] = identity ? await db.select({ state: referrals.state }).from(referrals).where(eq(referrals.friendIdentity, identity)) : [];
  const sum = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);
  const due = (c: (typeof credits)[number]) => c.availableAt <= now;
  return {
    link: referralLink(ctx.config.publicUrl, code),
    code,
    currency: 'usd',
    friendDiscountCents: REFERRAL_PROGRAM.friendDiscountCents,
    referrerCreditCents: REFERRAL_PROGRAM.referrerCreditCents,
    windowDays: REFERRAL_PROGRAM.windowDays,
    creditsPerMonth: REFERRAL_PROGRAM.creditsPerMonth,
    creditsThisMonth: made,
    friends: friends.map((f) => ({ masked: f.masked, joinedAt: f.joinedAt.toISOString(), state: shownState(f.state, f.availableAt, now) })),
    credits: {
      availableCents: sum(credits.filter((c) => c.state === 'held' || (['pending', 'available'].includes(c.state) && due(c)))),
      pending: credits.filter((c) => c.state === 'pending' && !due(c)).map((c) => ({ amountCents: c.amountCents, availableAt: c.availableAt.toISOString() })),
      usedCents: sum(credits.filter((c) => c.state === 'used')),
    },
    welcome: welcome ? { discountCents: REFERRAL_PROGRAM.friendDiscountCents, open: welcome.state === 'joined' } : null,
  };
}
