import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards } from '../../db/schema.js';
import { settleCheckout } from '../checkout/settle-checkout.js';
import { ownGiftCard, viewOf } from './gift-card-view.js';

/** The cards the caller bought (paid or ended; unpaid checkouts are not cards yet) and the ones they redeemed. */
export async function myGiftCards(ctx: Pick<AppContext, 'database' | 'clock'>, userId: string) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const bought = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.buyerId, userId), inArray(giftCards.status, ['paid', 'refunded', 'void'])))
    .orderBy(desc(giftCards.createdAt));
  const redeemed = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.redeemedBy, userId), eq(giftCards.status, 'paid')))
    .orderBy(desc(giftCards.redeemedAt));
  return {
    bought: await Promise.all(bought.map((card) => viewOf(db, card, now))),
    redeemed: redeemed.map((card) => ({
      id: card.id,
      packageId: card.packageId,
      redeemedAt: (card.redeemedAt ?? now).toISOString(),
      orderId: card.usedAt ? card.orderId : null,
    })),
  };
}

/** The buyer's card settled now rather than when the webhook comes (as `confirmCheckout` does). */
export async function confirmGiftCard(ctx: Parameters<typeof settleCheckout>[0], { userId, sessionId }: { userId: string; sessionId: string }) {
  const { db } = ctx.database;
  const [found] = await db.select().from(giftCards).where(eq(giftCards.checkoutSessionId, sessionId));
  const card = await ownGiftCard(db, userId, found?.id ?? '');
  if (card.status === 'open') await settleCheckout(ctx, sessionId);
  return viewOf(db, await ownGiftCard(db, userId, card.id), ctx.clock.now());
}
