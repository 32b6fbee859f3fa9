import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { GIFT_CARD } from '../../../shared/catalog/packages.js';
import { ownGiftCard, viewOf } from './gift-card-view.js';

const DAY_MS = 24 * 3600_000;

/**
 * Refunds an unredeemed card in full within `GIFT_CARD.refundDays` of its payment. The card leaves `paid`
 * by one conditional update before the provider is asked (so a redeem racing it finds it gone, and of
 * the two exactly one wins); a provider that fails puts it back. Asking again answers the same refund.
 */
export async function refundGiftCard(
  ctx: Pick<AppContext, 'database' | 'payments' | 'clock' | 'log'>,
  { userId, giftCardId }: { userId: string; giftCardId: string; requestId: string },
) {
  const { db } = ctx.database;
  const card = await ownGiftCard(db, userId, giftCardId);
  const now = ctx.clock.now();
  if (card.status === 'refunded' && card.refundId) return viewOf(db, card, now);
  if (card.status !== 'paid' || !card.paidAt || !card.checkoutSessionId)
    throw new AppError('CONFLICT', 'This gift card was not paid, so there is nothing to refund');
  if (card.redeemedAt) throw new AppError('CONFLICT', 'A redeemed gift card cannot be refunded');
  const deadline = new Date(card.paidAt.getTime() + GIFT_CARD.refundDays * DAY_MS);
  if (now >= deadline) throw new AppError('CONFLICT', `Gift cards can be refunded within ${GIFT_CARD.refundDays} days of their purchase`);
  const [claimed] = await db
    .update(giftCards)
    .set({ status: 'refunded', refundedAt: now })
    .where(
      and(
        eq(giftCards.id, card.id),
        eq(giftCards.status, 'paid'),
        isNull(giftCards.redeemedAt),
        gt(giftCards.paidAt, new Date(now.getTime() - GIFT_CARD.refundDays * DAY_MS)),
      ),
    )
    .returning();
  if (!claimed) throw new AppError('CONFLICT', 'A redeemed gift card cannot be refunded');
  let refundId: string;
  try {
    ({ refundId } = await ctx.payments.refund({
      orderId: null,
      giftCardId: card.id,
      sessionId: card.checkoutSessionId,
      paymentIntentId: card.paymentIntentId,
      amountCents: card.amountCents,
    }));
  } catch (error) {
    await db
      .update(giftCards)
      .set({ status: 'paid', refundedAt: null })
      .where(and(eq(giftCards.id, card.id), eq(giftCards.status, 'refunded'), isNull(giftCards.refundId)));
    ctx.log.error({ err: error, giftCardId }, 'the gift card refund failed');
    throw new AppError('UNAVAILABLE', 'The refund could not be made just now, and nothing was changed. Please try again in a few minutes.');
  }
  const [done] = await db.update(giftCards).set({ refundId }).where(eq(giftCards.id, card.id)).returning();
  await db.update(payments).set({ refundId, refundedCents: card.amountCents, refundedAt: now }).where(eq(payments.giftCardId, card.id));
  ctx.log.info({ giftCardId }, 'gift card refunded');
  return viewOf(db, done ?? claimed, now);
}
