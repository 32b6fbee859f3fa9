import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments, users } from '../../db/schema.js';
import type { CheckoutSessionState } from '../../providers/payments/index.js';
import { FIRST_ORDER_COUPON } from '../../../shared/catalog/packages.js';
import { betaSeatTotal, spendBetaSeat } from '../entitlements/beta-seats.js';
import { recordFirstOrder } from '../entitlements/first-order.js';
import { identityOf } from '../entitlements/identity.js';
import { scheduleGeneration } from '../generation/schedule-generation.js';
import { deleteSelfies } from '../generation/delete-selfies.js';
import { mailPaymentConfirmation } from './confirmation-mail.js';
import { spendCredits } from '../referrals/checkout-discounts.js';
import { recordReferredOrder } from '../referrals/referral-ledger.js';
import { REFERRAL_CODES } from '../../../shared/referrals.js';
import { failUnpaid, markPaid } from '../orders/order-lifecycle.js';

export type FulfilmentResult = 'fulfilled' | 'already-fulfilled' | 'beta-full';

/**
 * Fulfils a paid checkout session exactly once, however many times (and however concurrently) it is
 * reported: a single conditional update marks the order paid and `processing`; only the caller that wins
 * it records the payment and enqueues generation. `state` is the provider's own word, read back by
 * `settleCheckout`, never what a webhook or a browser claimed.
 */
export async function fulfilPaidSession(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>,
  state: CheckoutSessionState,
): Promise<FulfilmentResult> {
  const { sessionId } = state;
  const now = ctx.clock.now();
  const paymentId = randomUUID();

  // The person, for the ledger, before the transaction (the embedded database has one connection).
  const [customer] = await ctx.database.db
    .select({ email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.checkoutSessionId, sessionId));
  const identity = customer ? await identityOf(ctx.database.db, customer.email) : '';

  const result = await ctx.database.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({
        id: orders.id,
        userId: orders.userId,
        isBeta: orders.isBeta,
        packageId: orders.packageId,
        referralDiscountCents: orders.referralDiscountCents,
        creditCents: orders.creditCents,
      })
      .from(orders)
      .where(and(eq(orders.checkoutSessionId, sessionId), isNull(orders.paidAt)));
    if (!pending) return { outcome: 'already-fulfilled' as const };
    const claim = { identity, userId: pending.userId, orderId: pending.id, now };
    if (pending.isBeta && !(await spendBetaSeat(tx, { ...claim, seats: await betaSeatTotal(tx, ctx.config.betaSeats) }))) {
      await failUnpaid(tx, { orderId: pending.id }, 'All beta spots were taken before this order was confirmed', now);
      return { outcome: 'beta-full' as const, orderId: pending.id };
    }
    const { discountCents, amountCents, currency, couponCode } = state;
    // Referrals: the friend's welcome discount is in what was paid only when it, not FIRST30, was applied.
    const referralDiscountCents = couponCode === REFERRAL_CODES.friend ? pending.referralDiscountCents : 0;
    const { creditCents } = pending;
    const paid = { discountCents, amountCents, currency, couponCode, referralDiscountCents, creditCents };
    if (!(await markPaid(tx, pending.id, paid, now))) return { outcome: 'already-fulfilled' as const };
    // The person's first paid order, for good: FIRST30 is not accepted again, whatever is deleted later.
    const firstOrder = amountCents > 0 && (await recordFirstOrder(tx, claim));
    if (amountCents > 0 && !firstOrder && (couponCode === FIRST_ORDER_COUPON.code || couponCode === REFERRAL_CODES.friend)) {
      ctx.log.warn({ orderId: pending.id, sessionId, couponCode }, 'a first-order discount was paid on an order that is not the first of its customer');
    }
    // Referrals: the credits this order held are spent; a referred friend's first order earns the referrer's credit.
    await spendCredits(tx, pending.id, now);
    await recordReferredOrder(tx, { identity, orderId: pending.id, firstOrder, now });
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        userId: pending.userId,
        orderId: pending.id,
        provider: ctx.payments.kind,
        checkoutSessionId: sessionId,
        paymentIntentId: state.paymentIntentId,
        packageId: pending.packageId,
        priceCents: state.priceCents,
        discountCents: state.discountCents,
        amountCents: state.amountCents,
        currency: state.currency,
        couponCode: state.couponCode,
        referralDiscountCents,
        creditCents,
        cardLast4: state.cardLast4,
        // The offline provider's receipt is our own printable page.
        receiptUrl: state.receiptUrl ?? `/v1/receipts/${paymentId}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId });
    return { outcome: 'fulfilled' as const, orderId: pending.id };
  });

  if (result.outcome === 'beta-full') {
    // The order will never be generated: its selfies go now, not with the daily clean-up.
    await deleteSelfies(ctx, result.orderId);
    ctx.log.info({ orderId: result.orderId, sessionId }, 'beta seats ran out before payment; order failed and selfies deleted');
  } else if (result.outcome === 'fulfilled') {
    // A crash between commit and send is covered by the resume sweep, which re-enqueues processing orders.
    await scheduleGeneration(ctx, result.orderId);
    ctx.log.info({ orderId: result.orderId, sessionId }, 'order paid; generation enqueued');
    // Once, by the caller that won the fulfilment; a crash before it loses the mail, not the order.
    await mailPaymentConfirmation(ctx, result.orderId);
  }
  return result.outcome;
}
