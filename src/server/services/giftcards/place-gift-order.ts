import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import type { PortraitInfo } from '../../../shared/contracts/checkout.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { checkOrderForm, placePrepaidOrder, preparePhotos } from '../orders/place-prepaid-order.js';
import { giftCardNotFound } from './gift-card-view.js';

/**
 * The order a redeemed card pays: the same photo check and answers as a checkout, the card's package
 * whatever the form says, nothing to pay (so FIRST30 and beta cannot apply, and the first-order ledger
 * is untouched). The card is taken by one conditional update (exactly once), then the order is placed;
 * an order that cannot be made, or later fails for good, gives the card back.
 */
export async function placeGiftOrder(
  ctx: Pick<AppContext, 'database' | 'files' | 'queue' | 'clock' | 'log' | 'faces'>,
  {
    userId,
    giftCardId,
    portraitInfo,
    photos,
  }: { userId: string; giftCardId: string; portraitInfo: PortraitInfo; photos: { bytes: Buffer; filename: string }[] },
) {
  const { db } = ctx.database;
  const [card] = UUID_PATTERN.test(giftCardId)
    ? await db
        .select()
        .from(giftCards)
        .where(and(eq(giftCards.id, giftCardId), eq(giftCards.redeemedBy, userId)))
    : [];
  if (!card) throw giftCardNotFound();
  if (card.status !== 'paid') throw new AppError('CONFLICT', 'This gift card is no longer valid');
  if (card.usedAt) throw new AppError('CONFLICT', 'This gift card has already paid for an order');
  const pkg = findPackage(card.packageId);
  if (!pkg) throw new Error(`gift card ${card.id} is for an unknown package`);
  const category = checkOrderForm(portraitInfo, photos);
  const { checks, normalized } = await preparePhotos(ctx, photos);

  const [taken] = await db
    .update(giftCards)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(giftCards.id, card.id), eq(giftCards.redeemedBy, userId), eq(giftCards.status, 'paid'), isNull(giftCards.usedAt)))
    .returning({ id: giftCards.id });
  if (!taken) throw new AppError('CONFLICT', 'This gift card has already paid for an order');
  const giveBack = () => db.update(giftCards).set({ usedAt: null, orderId: null }).where(eq(giftCards.id, card.id));
  const placed = await placePrepaidOrder(ctx, {
    order: { userId, categoryId: category.id, giftCardId: card.id },
    pkg,
    portraitInfo,
    categoryName: category.name,
    normalized,
    checks,
    giveBack,
    keptMessage: 'We could not save your photos just now, and your gift card is kept. Please try again in a few minutes.',
  });
  await db.update(giftCards).set({ orderId: placed.orderId }).where(eq(giftCards.id, card.id));
  ctx.log.info({ orderId: placed.orderId, giftCardId: card.id }, 'gift card order placed; generation enqueued');
  return placed;
}
