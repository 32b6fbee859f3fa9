import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orders, referralCredits, referrals } from '../../db/schema.js';
import { packageCharge, REFERRAL_PROGRAM, type PortraitPackage } from '../../../shared/catalog/packages.js';
import { first30Cents, MIN_CHARGE_CENTS, REFERRAL_CODES } from '../../../shared/referrals.js';
import { firstOrderTaken } from '../entitlements/first-order.js';

export interface OrderCharge {
  priceCents: number;
  discountCents: number;
  amountCents: number;
  couponCode: string | null;
  referralDiscountCents: number;
  creditCents: number;
}

/** A credit can be used from `availableAt` on, unless it was voided, held or used. */
const usable = (userId: string, now: Date) =>
  and(eq(referralCredits.userId, userId), inArray(referralCredits.state, ['pending', 'available']), lte(referralCredits.availableAt, now));

/**
 * What a new order costs before credits, and how much room credits have. The friend's welcome discount
 * applies to a referred person's first paid order of a package (not beta, which is free, and not a refresh);
 * FIRST30, typed later, replaces it only when it takes more, so credits leave room for the better of the two.
 */
export async function orderCharge(db: Executor, { identity, pkg }: { identity: string; pkg: PortraitPackage }) {
  const base = packageCharge(pkg);
  const firstOrder = pkg.id !== 'beta' && pkg.id !== 'refresh' && !(await firstOrderTaken(db, identity));
  const [referral] = firstOrder
    ? await db
        .select({ id: referrals.id })
        .from(referrals)
        .where(and(eq(referrals.friendIdentity, identity), eq(referrals.state, 'joined')))
    : [];
  const referralDiscountCents = referral ? Math.min(REFERRAL_PROGRAM.friendDiscountCents, base.priceCents - MIN_CHARGE_CENTS) : 0;
  const charge: OrderCharge = {
    ...base,
    discountCents: base.discountCents + referralDiscountCents,
    amountCents: base.amountCents - referralDiscountCents,
    couponCode: referral ? REFERRAL_CODES.friend : base.couponCode,
    referralDiscountCents,
    creditCents: 0,
  };
  const bestDiscount = Math.max(base.discountCents, referralDiscountCents, firstOrder ? first30Cents(base.priceCents) : 0);
  // A beta order is free; credits are for orders that cost something.
  const creditRoomCents = pkg.id === 'beta' ? 0 : Math.max(0, base.priceCents - bestDiscount - MIN_CHARGE_CENTS);
  return { charge, creditRoomCents, first30Possible: firstOrder };
}

/**
 * Holds the customer's usable credits, oldest first, on a pending order: each whole, while they fit in
 * `roomCents`. Each credit is taken by a conditional update, so of two checkouts opened at once a credit
 * goes to one of them. Answers the order's charge with the credits taken off, as the order now records it.
 */
export async function holdCredits(
  db: Executor,
  { userId, orderId, charge, roomCents, now }: { userId: string; orderId: string; charge: OrderCharge; roomCents: number; now: Date },
): Promise<OrderCharge> {
  if (roomCents <= 0) return charge;
  const candidates = await db
    .select({ id: referralCredits.id, amountCents: referralCredits.amountCents })
    .from(referralCredits)
    .where(usable(userId, now))
    .orderBy(asc(referralCredits.availableAt), asc(referralCredits.createdAt));
  let held = 0;
  for (const credit of candidates) {
    if (held + credit.amountCents > roomCents) continue;
    const taken = await db
      .update(referralCredits)
      .set({ state: 'held', orderId })
      .where(and(eq(referralCredits.id, credit.id), usable(userId, now)))
      .returning({ id: referralCredits.id });
    if (taken.length === 1) held += credit.amountCents;
  }
  if (held === 0) return charge;
  const withCredits: OrderCharge = {
    ...charge,
    creditCents: held,
    discountCents: charge.discountCents + held,
    amountCents: charge.amountCents - held,
    couponCode: charge.couponCode ?? REFERRAL_CODES.credit,
  };
  const { creditCents, discountCents, amountCents, couponCode } = withCredits;
  await db.update(orders).set({ creditCents, discountCents, amountCents, couponCode }).where(eq(orders.id, orderId));
  return withCredits;
}

/** The order was paid: its held credits are spent. */
export async function spendCredits(tx: Executor, orderId: string, now: Date): Promise<void> {
  await tx
    .update(referralCredits)
    .set({ state: 'used', usedAt: now })
    .where(and(eq(referralCredits.orderId, orderId), eq(referralCredits.state, 'held')));
}

/** The order's checkout ended unpaid: its held credits are usable again. */
export async function releaseCredits(tx: Executor, orderId: string): Promise<void> {
  await tx
    .update(referralCredits)
    .set({ state: 'available', orderId: null })
    .where(and(eq(referralCredits.orderId, orderId), eq(referralCredits.state, 'held')));
}
