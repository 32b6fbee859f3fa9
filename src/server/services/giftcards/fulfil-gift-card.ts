import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards, payments } from '../../db/schema.js';
import type { CheckoutSessionState } from '../../providers/payments/index.js';
import { sendGiftCardMail } from './gift-card-mail.js';

/**
 * Brings a gift card in line with its checkout session as the provider reports it: paid once (one
 * conditional update; only its winner records the payment, the buyer's receipt, and mails a card due
 * today), or expired. The webhook, the confirm call, the offline dialog and the sweep all come here.
 */
export async function settleGiftCardPurchase(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log' | 'mailer' | 'config'>,
  state: CheckoutSessionState,
): Promise<'fulfilled' | 'already-fulfilled' | 'expired' | 'open' | 'processing' | 'payment-failed'> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  if (state.status === 'expired' || state.status === 'failed') {
    await db
      .update(giftCards)
      .set({ status: 'expired' })
      .where(and(eq(giftCards.checkoutSessionId, state.sessionId), eq(giftCards.status, 'open')));
    return state.status === 'failed' ? 'payment-failed' : 'expired';
  }
  if (state.status !== 'paid') return state.status;
  const paymentId = randomUUID();
  const receiptUrl = state.receiptUrl ?? `/v1/receipts/${paymentId}`;
  const paid = await db.transaction(async (tx) => {
    const [card] = await tx
      .update(giftCards)
      .set({ status: 'paid', paidAt: now, paymentIntentId: state.paymentIntentId, cardLast4: state.cardLast4, receiptUrl })
      .where(and(eq(giftCards.checkoutSessionId, state.sessionId), eq(giftCards.status, 'open')))
      .returning();
    if (!card) return null;
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        userId: card.buyerId,
        orderId: null,
        giftCardId: card.id,
        provider: card.provider,
        checkoutSessionId: state.sessionId,
        paymentIntentId: state.paymentIntentId,
        packageId: card.packageId,
        priceCents: state.priceCents,
        discountCents: 0,
        amountCents: state.amountCents,
        currency: state.currency,
        cardLast4: state.cardLast4,
        receiptUrl,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.checkoutSessionId });
    return card;
  });
  if (!paid) return 'already-fulfilled';
  ctx.log.info({ sessionId: state.sessionId, giftCardId: paid.id }, 'gift card paid');
  if (paid.delivery === 'mail' && paid.sendAt <= now) await sendGiftCardMail(ctx, paid.id);
  return 'fulfilled';
}

/** Open gift card checkouts created after `since`, oldest first: what the settling sweep reads back. */
export async function openGiftCardCheckouts(ctx: Pick<AppContext, 'database'>, since: Date, limit: number): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ sessionId: giftCards.checkoutSessionId })
    .from(giftCards)
    .where(and(eq(giftCards.status, 'open'), isNotNull(giftCards.checkoutSessionId), gt(giftCards.createdAt, since)))
    .orderBy(giftCards.createdAt)
    .limit(limit);
  return rows.flatMap((r) => (r.sessionId ? [r.sessionId] : []));
}
