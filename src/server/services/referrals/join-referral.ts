import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { referralCodes, referrals, users } from '../../db/schema.js';
import { firstOrderTaken } from '../entitlements/first-order.js';
import { identityOf } from '../entitlements/identity.js';
import { cleanReferralCode } from './referral-code.js';

export type JoinOutcome = 'joined' | 'unknown-code' | 'self' | 'referred-before' | 'ordered-before';

/** `ann@example.com` → `a•••@example.com`: enough for the referrer to recognise a friend, not to mail them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

/**
 * A new account was created by a browser holding a referral link's cookie: records the referral when the
 * newcomer qualifies. Refused silently (the newcomer is told nothing was promised): an unknown code or a
 * deleted referrer, the referrer's own identity (another spelling of the same address, or an address that
 * was deleted and signed up again), a person referred before (the unique friend identity decides a race),
 * and a person who already had a paid order (the first-order ledger).
 */
export async function joinByReferral(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log'>,
  { userId, code: raw }: { userId: string; code: string | undefined },
): Promise<JoinOutcome> {
  const { db } = ctx.database;
  const code = cleanReferralCode(raw);
  const [referrer] = code
    ? await db
        .select({ id: users.id, email: users.email })
        .from(referralCodes)
        .innerJoin(users, eq(users.id, referralCodes.userId))
        .where(eq(referralCodes.code, code))
    : [];
  const [friend] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!referrer || !friend) return 'unknown-code';
  const [referrerIdentity, friendIdentity] = [await identityOf(db, referrer.email), await identityOf(db, friend.email)];
  if (referrer.id === userId || referrerIdentity === friendIdentity) return 'self';
  if (await firstOrderTaken(db, friendIdentity)) return 'ordered-before';
  const [joined] = await db
    .insert(referrals)
    .values({ referrerId: referrer.id, referrerIdentity, friendId: userId, friendIdentity, friendMasked: maskEmail(friend.email), joinedAt: ctx.clock.now() })
    .onConflictDoNothing({ target: referrals.friendIdentity })
    .returning({ id: referrals.id });
  if (!joined) return 'referred-before';
  ctx.log.info({ referralId: joined.id }, 'referral recorded');
  return 'joined';
}
