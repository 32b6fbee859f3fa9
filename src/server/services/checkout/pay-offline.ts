import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards, orders, seatPurchases, teamAdmins } from '../../db/schema.js';
import { and } from 'drizzle-orm';
import { AppError } from '../../errors.js';
import type { OfflineSessionState } from '../../providers/payments/index.js';
import { FIRST_ORDER_COUPON, REFRESH_PACKAGE } from '../../../shared/catalog/packages.js';
import type { OfflineSession } from '../../../shared/contracts/checkout.js';
import { settleCheckout } from './settle-checkout.js';
import { FIRST_ORDER_ONLY, quote, type Quote } from './quote.js';
import { firstOrderTaken, forgetFirstOrder, recordFirstOrder } from '../entitlements/first-order.js';
import { identityOfUser } from '../entitlements/identity.js';
import { REFERRAL_CODES, type DiscountNote } from '../../../shared/referrals.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>;
type Found = {
  offline: NonNullable<Ctx['payments']['offline']>;
  session: OfflineSessionState;
  order: { id: string; userId: string; isBeta: boolean; packageId: string; categoryId: string; referralDiscountCents: number; creditCents: number };
};

type Amounts = Omit<Quote, 'priceCents'> & { referralDiscountCents: number; creditCents: number; discountNote: DiscountNote };

export const FRIEND_FIRST_ORDER_ONLY = "Your friend's discount is only valid on your first order";

/** The caller's offline session behind a client secret; anyone else's answers like a missing one. */
async function findSession(ctx: Ctx, userId: string, clientSecret: string): Promise<Found> {
  const { offline } = ctx.payments;
  if (!offline) throw new AppError('NOT_FOUND', 'The offline checkout is not in use on this server');
  const session = await offline.findByClientSecret(clientSecret);
  const [order] = session?.orderId
    ? await ctx.database.db
        .select({
          id: orders.id,
          userId: orders.userId,
          isBeta: orders.isBeta,
          packageId: orders.packageId,
          categoryId: orders.categoryId,
          referralDiscountCents: orders.referralDiscountCents,
          creditCents: orders.creditCents,
        })
        .from(orders)
        .where(eq(orders.id, session.orderId))
    : [];
  if (!session || !order || order.userId !== userId) throw new AppError('NOT_FOUND', 'Checkout session not found');
  return { offline, session, order };
}

/**
 * What the customer pays: the session's own amounts (the beta code, or the friend's welcome discount and
 * the credits the server applied) once paid, for the beta package, or with no code typed; with FIRST30
 * typed, FIRST30 and the credits when FIRST30 takes more than the friend's discount, which it never joins.
 * A friend's discount that no longer applies (another order became the first since the checkout began) is
 * dropped, and the summary says so: the customer sees the price they will pay before paying it.
 */
async function amounts(ctx: Ctx, { session, order }: Found, userId: string, typed?: string): Promise<Amounts> {
  // The session's own code sent back (the summary names FRIEND or CREDIT when it kept them) changes nothing.
  const couponCode = typed?.trim().toUpperCase() === session.couponCode ? undefined : typed;
  if (order.packageId === REFRESH_PACKAGE.id && couponCode?.trim()) throw new AppError('BAD_REQUEST', 'Coupon codes do not apply to a refresh');
  const { creditCents } = order;
  let { referralDiscountCents } = order;
  if (session.status === 'open' && session.couponCode === REFERRAL_CODES.friend && (await friendDiscountGone(ctx, userId, order.id))) {
    referralDiscountCents = 0;
    if (!couponCode?.trim()) {
      return {
        discountCents: creditCents,
        totalCents: session.priceCents - creditCents,
        couponCode: null,
        referralDiscountCents: 0,
        creditCents,
        discountNote: 'friendGone',
      };
    }
  }
  const asStarted: Amounts = {
    discountCents: session.discountCents,
    totalCents: session.amountCents,
    couponCode: session.couponCode,
    referralDiscountCents: session.couponCode === REFERRAL_CODES.friend ? referralDiscountCents : 0,
    creditCents,
    discountNote: null,
  };
  if (order.isBeta || session.status === 'paid' || !couponCode?.trim()) return asStarted;
  const identity = await identityOfUser(ctx.database.db, userId);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const q = await quote(ctx.database.db, { identity, priceCents: session.priceCents, couponCode });
  if (q.discountCents <= referralDiscountCents) return { ...asStarted, discountNote: 'friendBetter' };
  return {
    discountCents: q.discountCents + creditCents,
    totalCents: q.totalCents - creditCents,
    couponCode: q.couponCode,
    referralDiscountCents: 0,
    creditCents,
    discountNote: referralDiscountCents > 0 ? 'first30Better' : null,
  };
}

/** Whether the friend's welcome discount of this order is spent: another order of the person's was their first. */
async function friendDiscountGone(ctx: Ctx, userId: string, orderId: string): Promise<boolean> {
  const identity = await identityOfUser(ctx.database.db, userId);
  return identity !== null && (await firstOrderTaken(ctx.database.db, identity, orderId));
}

/** The caller's team seat purchase behind a client secret (they run its team); anyone else's answers like a missing one. */
async function findSeatSession(ctx: Ctx, userId: string, clientSecret: string) {
  const { offline } = ctx.payments;
  const session = offline ? await offline.findByClientSecret(clientSecret) : null;
  if (!offline || !session?.purchaseId) return null;
  const [purchase] = await ctx.database.db
    .select({ id: seatPurchases.id, packageId: seatPurchases.packageId, quantity: seatPurchases.quantity })
    .from(seatPurchases)
    .innerJoin(teamAdmins, and(eq(teamAdmins.teamId, seatPurchases.teamId), eq(teamAdmins.userId, userId)))
    .where(eq(seatPurchases.id, session.purchaseId));
  if (!purchase) throw new AppError('NOT_FOUND', 'Checkout session not found');
  return { offline, session, purchase };
}

/**
 * A purchase that is not an order behind a client secret, as the caller may pay it: a team's seats (they
 * run its team) or a gift card (they buy it). Anyone else's answers like a missing one; null for an order's.
 */
async function findPurchaseSession(ctx: Ctx, userId: string, clientSecret: string) {
  const seats = await findSeatSession(ctx, userId, clientSecret);
  if (seats) return { ...seats, kind: 'team seats', giftCardId: undefined };
  // Gift cards
  const { offline } = ctx.payments;
  const session = offline ? await offline.findByClientSecret(clientSecret) : null;
  if (!offline || !session?.giftCardId) return null;
  const [card] = await ctx.database.db
    .select({ id: giftCards.id, packageId: giftCards.packageId })
    .from(giftCards)
    .where(and(eq(giftCards.id, session.giftCardId), eq(giftCards.buyerId, userId)));
  if (!card) throw new AppError('NOT_FOUND', 'Checkout session not found');
  return { offline, session, purchase: { id: '', packageId: card.packageId, quantity: 1 }, kind: 'gift cards', giftCardId: card.id };
}

/** The order summary of the offline checkout, with the effect of a coupon code when one is given. */
export async function getOfflineSession(ctx: Ctx, input: { userId: string; clientSecret: string; couponCode?: string }): Promise<OfflineSession> {
  const seats = await findPurchaseSession(ctx, input.userId, input.clientSecret);
  if (seats) {
    // Seats and gift cards are never discounted: a code is refused rather than silently ignored.
    if (input.couponCode?.trim()) throw new AppError('BAD_REQUEST', `Coupon codes do not apply to ${seats.kind}`);
    const { session, purchase, giftCardId } = seats;
    return {
      orderId: '',
      ...(giftCardId ? { giftCardId } : { purchaseId: purchase.id }),
      quantity: purchase.quantity,
      packageId: purchase.packageId,
      categoryId: '',
      priceCents: session.priceCents,
      discountCents: 0,
      totalCents: session.amountCents,
      currency: session.currency,
      couponCode: null,
      isBeta: false,
      status: session.status,
    };
  }
  const found = await findSession(ctx, input.userId, input.clientSecret);
  const { session, order } = found;
  const q = await amounts(ctx, found, input.userId, input.couponCode);
  return {
    orderId: order.id,
    packageId: order.packageId,
    categoryId: order.categoryId,
    priceCents: session.priceCents,
    discountCents: q.discountCents,
    totalCents: q.totalCents,
    currency: session.currency,
    couponCode: q.couponCode,
    isBeta: order.isBeta,
    status: session.status,
    referralDiscountCents: q.referralDiscountCents,
    creditCents: q.creditCents,
    discountNote: q.discountNote,
  };
}

/**
 * Pays an offline checkout session (test mode: no money moves) and settles it through the very same
 * function the Stripe webhook uses. Paying twice is harmless: the second call finds it paid.
 */
export async function payOffline(
  ctx: Ctx,
  input: { userId: string; clientSecret: string; couponCode?: string },
): Promise<{ orderId: string; purchaseId?: string; giftCardId?: string }> {
  const seats = await findPurchaseSession(ctx, input.userId, input.clientSecret);
  if (seats) {
    if (input.couponCode?.trim()) throw new AppError('BAD_REQUEST', `Coupon codes do not apply to ${seats.kind}`);
    if (seats.session.status === 'expired')
      throw new AppError('GONE', `This checkout has expired; please buy the ${seats.kind === 'gift cards' ? 'gift card' : 'seats'} again`);
    if (seats.session.status === 'open')
      await seats.offline.pay(seats.session.sessionId, { discountCents: 0, amountCents: seats.session.amountCents, couponCode: null });
    await settleCheckout(ctx, seats.session.sessionId);
    return { orderId: '', ...(seats.giftCardId ? { giftCardId: seats.giftCardId } : { purchaseId: seats.purchase.id }) };
  }
  const found = await findSession(ctx, input.userId, input.clientSecret);
  const { offline, session, order } = found;
  if (session.status === 'expired') throw new AppError('GONE', 'This checkout has expired; please start the order again');
  if (session.status === 'open') {
    const q = await amounts(ctx, found, input.userId, input.couponCode);
    // FIRST30 (and the friend's welcome discount) is claimed before the payment: of two checkouts paid at once with it, one gets it.
    const firstOrderCode = q.couponCode === FIRST_ORDER_COUPON.code || q.couponCode === REFERRAL_CODES.friend;
    if (firstOrderCode) await claimFirstOrder(ctx, input.userId, order.id, q.couponCode === REFERRAL_CODES.friend ? FRIEND_FIRST_ORDER_ONLY : FIRST_ORDER_ONLY);
    try {
      await offline.pay(session.sessionId, { discountCents: q.discountCents, amountCents: q.totalCents, couponCode: q.couponCode });
    } catch (error) {
      if (firstOrderCode) await forgetFirstOrder(ctx.database.db, order.id);
      throw error;
    }
  }
  const outcome = await settleCheckout(ctx, session.sessionId);
  if (outcome === 'beta-full') throw new AppError('CONFLICT', 'All beta spots were taken before your order was confirmed');
  return { orderId: order.id };
}

async function claimFirstOrder(ctx: Ctx, userId: string, orderId: string, refusal: string): Promise<void> {
  const { db } = ctx.database;
  const identity = await identityOfUser(db, userId);
  if (!identity || !(await recordFirstOrder(db, { identity, userId, orderId, now: ctx.clock.now() }))) {
    throw new AppError('BAD_REQUEST', refusal);
  }
}
