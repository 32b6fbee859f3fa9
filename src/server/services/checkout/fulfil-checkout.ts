import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments } from '../../db/schema.js';
import { generateOrderJob } from '../../jobs/generate-order.js';
import type { CheckoutSessionState } from '../../providers/payments/index.js';

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
      const [taken] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.isBeta, true), isNotNull(orders.paidAt), ne(orders.id, pending.id)));
      if (Number(taken?.n ?? 0) >= ctx.config.betaSeats) {
        await tx
          .update(orders)
          .set({ status: 'failed', failedAt: now, failureReason: 'All beta spots were taken before this order was confirmed', updatedAt: now })
          .where(eq(orders.id, pending.id));
        return { outcome: 'beta-full' as const };
      }
    }
    const [paid] = await tx
      .update(orders)
      .set({
        status: 'processing',
        paidAt: now,
        discountCents: state.discountCents,
        amountCents: state.amountCents,
        currency: state.currency,
        couponCode: state.couponCode,
        updatedAt: now,
      })
      .where(and(eq(orders.id, pending.id), isNull(orders.paidAt)))
      .returning({ id: orders.id });
    if (!paid) return { outcome: 'already-fulfilled' as const };
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
    await ctx.queue.send(generateOrderJob, { orderId: result.orderId });
    ctx.log.info({ orderId: result.orderId, sessionId }, 'order paid; generation enqueued');
  }
  return result.outcome;
}
