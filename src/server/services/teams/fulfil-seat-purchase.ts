import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { payments, seatPurchases } from '../../db/schema.js';
import type { CheckoutSessionState } from '../../providers/payments/index.js';

/**
 * Brings a seat purchase in line with its checkout session as the provider reports it: paid once (one
 * conditional update; only its winner records the payment, whose page is the receipt), or expired. The
 * webhook, the confirm call, the offline dialog and the sweep all come here.
 */
export async function settleSeatPurchase(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log'>,
  state: CheckoutSessionState,
): Promise<'fulfilled' | 'already-fulfilled' | 'expired' | 'open' | 'processing' | 'payment-failed'> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  if (state.status === 'expired' || state.status === 'failed') {
    await db
      .update(seatPurchases)
      .set({ status: 'expired' })
      .where(and(eq(seatPurchases.checkoutSessionId, state.sessionId), eq(seatPurchases.status, 'open')));
    return state.status === 'failed' ? 'payment-failed' : 'expired';
  }
  if (state.status !== 'paid') return state.status;
  const paymentId = randomUUID();
  const receiptUrl = state.receiptUrl ?? `/v1/receipts/${paymentId}`;
  const outcome = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(seatPurchases)
      .set({ status: 'paid', paidAt: now, paymentIntentId: state.paymentIntentId, cardLast4: state.cardLast4, receiptUrl })
      .where(and(eq(seatPurchases.checkoutSessionId, state.sessionId), eq(seatPurchases.status, 'open')))
      .returning();
    if (!paid) return 'already-fulfilled' as const;
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        userId: paid.buyerId,
        orderId: null,
        seatPurchaseId: paid.id,
        provider: paid.provider,
        checkoutSessionId: state.sessionId,
        paymentIntentId: state.paymentIntentId,
        packageId: paid.packageId,
        priceCents: state.priceCents,
        discountCents: 0,
        amountCents: state.amountCents,
        currency: state.currency,
        cardLast4: state.cardLast4,
        receiptUrl,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId });
    return 'fulfilled' as const;
  });
  if (outcome === 'fulfilled') ctx.log.info({ sessionId: state.sessionId, purchaseId: state.purchaseId }, 'team seats paid');
  return outcome;
}

/** Open seat purchases created after `since`, oldest first: what the settling sweep reads back. */
export async function openSeatCheckouts(ctx: Pick<AppContext, 'database'>, since: Date, limit: number): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ sessionId: seatPurchases.checkoutSessionId, createdAt: seatPurchases.createdAt })
    .from(seatPurchases)
    .where(and(eq(seatPurchases.status, 'open'), isNotNull(seatPurchases.checkoutSessionId), gt(seatPurchases.createdAt, since)))
    .orderBy(seatPurchases.createdAt)
    .limit(limit);
  return rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
}
