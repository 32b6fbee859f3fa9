import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments } from '../../db/schema.js';
import type { CheckoutSessionState } from '../../providers/payments/index.js';
import { scheduleGeneration } from '../generation/schedule-generation.js';
import { countBetaSeats, failUnpaid, markPaid } from '../orders/order-lifecycle.js';
import { betaSeatTotal } from './beta-seats.js';

export type FulfilmentResult = 'fulfilled' | 'already-fulfilled' | 'beta-full';

// Serialises beta fulfilments so the last seat cannot be given twice.
const BETA_LOCK = 724_312;

/**
 * Fulfils a paid checkout session exactly once, however many times (and however concurrently) it is
 * reported: a single conditional update marks the order paid and `processing`; only the caller that wins
 * it records the payment and enqueues generation. `state` is the provider's own word, read back by
 * `settleCheckout`, never what a webhook or a browser claimed.
 */
export async function fulfilPaidSession(
  ctx: Pick<AppContext, 'database' | 'payments' | 'queue' | 'clock' | 'config' | 'log'>,
  state: CheckoutSessionState,
): Promise<FulfilmentResult> {
  const { sessionId } = state;
  const now = ctx.clock.now();
  const paymentId = randomUUID();

  const result = await ctx.database.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: orders.id, userId: orders.userId, isBeta: orders.isBeta, packageId: orders.packageId })
      .from(orders)
      .where(and(eq(orders.checkoutSessionId, sessionId), isNull(orders.paidAt)));
    if (!pending) return { outcome: 'already-fulfilled' as const };
    if (pending.isBeta) {
      await tx.execute(sql`select pg_advisory_xact_lock(${BETA_LOCK})`);
      if ((await countBetaSeats(tx, { exceptOrderId: pending.id })) >= (await betaSeatTotal(tx, ctx.config.betaSeats))) {
        await failUnpaid(tx, { orderId: pending.id }, 'All beta spots were taken before this order was confirmed', now);
        return { outcome: 'beta-full' as const };
      }
    }
    const { discountCents, amountCents, currency, couponCode } = state;
    if (!(await markPaid(tx, pending.id, { discountCents, amountCents, currency, couponCode }, now))) return { outcome: 'already-fulfilled' as const };
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
        cardLast4: state.cardLast4,
        // The offline provider's receipt is our own printable page.
        receiptUrl: state.receiptUrl ?? `/v1/receipts/${paymentId}`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId });
    return { outcome: 'fulfilled' as const, orderId: pending.id };
  });

  if (result.outcome === 'fulfilled') {
    // A crash between commit and send is covered by the resume sweep, which re-enqueues processing orders.
    await scheduleGeneration(ctx, result.orderId);
    ctx.log.info({ orderId: result.orderId, sessionId }, 'order paid; generation enqueued');
  }
  return result.outcome;
}
