import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { GIFT_SEND_MAX_DAYS } from '../../../shared/contracts/giftcard.js';
import type { z } from 'zod';
import type { ZBuyGiftCardRequestSchema } from '../../../shared/contracts/giftcard.js';
import { identityOf } from '../entitlements/identity.js';
import { openPurchaseCheckout } from '../checkout/open-purchase-checkout.js';
import { hashGiftCode, newGiftCode, normaliseGiftCode, sealGiftCode } from './codes.js';

const DAY_MS = 24 * 3600_000;

/** When a card chosen for `sendOn` is mailed: at once for today (or no date), else at 00:00 UTC of that day. */
export function sendAtFor(sendOn: string | undefined, now: Date): Date {
  if (!sendOn) return now;
  const day = new Date(`${sendOn}T00:00:00Z`);
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day < today) throw new AppError('BAD_REQUEST', 'Invalid sendOn: is in the past');
  if (day.getTime() - today.getTime() > GIFT_SEND_MAX_DAYS * DAY_MS) throw new AppError('BAD_REQUEST', 'Invalid sendOn: is more than a year ahead');
  return day.getTime() === today.getTime() ? now : day;
}

/**
 * Opens a checkout for one gift card of a package, priced from the catalog and never discounted, through
 * the same provider as an order's. The card (its code made now, kept hashed and sealed) stays `open`
 * until the provider says it is paid; only a paid card can be redeemed or mailed.
 */
export async function buyGiftCard(
  ctx: Pick<AppContext, 'database' | 'payments' | 'config' | 'clock'>,
  { userId, ...input }: { userId: string } & z.infer<typeof ZBuyGiftCardRequestSchema>,
) {
  const { db } = ctx.database;
  const pkg = findPackage(input.packageId);
  if (!pkg) throw new AppError('BAD_REQUEST', 'Invalid packageId: is not a package gift cards are sold for');
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const now = ctx.clock.now();
  const mail = input.delivery === 'mail';
  const sendAt = mail ? sendAtFor(input.sendOn, now) : now;
  const code = newGiftCode();
  const [card] = await db
    .insert(giftCards)
    .values({
      codeHash: await hashGiftCode(db, normaliseGiftCode(code) ?? code),
      codeSealed: await sealGiftCode(db, code),
      buyerId: user.id,
      buyerIdentity: await identityOf(db, user.email),
      buyerName: user.nickName.trim() || user.email,
      packageId: pkg.id,
      amountCents: pkg.priceCents,
      currency: pkg.currency,
      provider: ctx.payments.kind,
      delivery: input.delivery,
      recipientEmail: mail ? (input.recipientEmail ?? null) : null,
      recipientName: input.recipientName?.trim() || null,
      message: input.message?.trim() || null,
      language: input.language,
      sendAt,
      createdAt: now,
    })
    .returning();
  if (!card) throw new Error('Inserting the gift card returned no row');
  const opened = await openPurchaseCheckout(ctx, {
    user,
    open: (known) =>
      ctx.payments.createGiftCardCheckoutSession({
        giftCardId: card.id,
        user: { id: user.id, email: user.email, stripeCustomerId: known },
        pkg,
        returnUrl: `${ctx.config.publicUrl}/dashboard/giftcards?session_id={CHECKOUT_SESSION_ID}`,
      }),
    attach: (sessionId) => db.update(giftCards).set({ checkoutSessionId: sessionId }).where(eq(giftCards.id, card.id)),
    // Nothing was charged: the card that could not open its checkout is not kept.
    discard: () => db.delete(giftCards).where(eq(giftCards.id, card.id)),
  });
  return { giftCardId: card.id, ...opened };
}
