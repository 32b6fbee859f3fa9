import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { giftCards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { GIFT_CARD } from '../../../shared/catalog/packages.js';
import type { GiftCardState, GiftCardView } from '../../../shared/contracts/giftcard.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { openGiftCode } from './codes.js';

type Card = typeof giftCards.$inferSelect;
const DAY_MS = 24 * 3600_000;
/** Mails again per card and UTC day at most (the buyer's and the operator's resends together). */
export const RESENDS_PER_DAY = 3;

/** The one answer for a card that is not the caller's, a malformed id and a missing one. */
export const giftCardNotFound = () => new AppError('NOT_FOUND', 'Gift card not found');

/** What the buyer (and the console) sees of a card. */
export function stateOf(card: Pick<Card, 'status' | 'redeemedAt' | 'sentAt' | 'delivery'>): GiftCardState {
  if (card.status === 'refunded') return 'refunded';
  if (card.status === 'void') return 'void';
  if (card.status !== 'paid') return 'pending';
  if (card.redeemedAt) return 'redeemed';
  return card.sentAt || card.delivery === 'print' ? 'sent' : 'scheduled';
}

/** Until when the buyer may have the card refunded: paid, unredeemed, within the refund days of its payment. */
export function refundableUntil(card: Card, now: Date): Date | null {
  if (card.status !== 'paid' || card.redeemedAt || !card.paidAt) return null;
  const until = new Date(card.paidAt.getTime() + GIFT_CARD.refundDays * DAY_MS);
  return until > now ? until : null;
}

/** A mail card that can still be mailed again: paid and unredeemed. */
export const canResend = (card: Card) => card.status === 'paid' && card.delivery === 'mail' && !card.redeemedAt && card.recipientEmail !== null;

export async function viewOf(db: Db, card: Card, now: Date): Promise<GiftCardView> {
  const until = refundableUntil(card, now);
  return {
    id: card.id,
    packageId: card.packageId,
    amountCents: card.amountCents,
    currency: card.currency,
    delivery: card.delivery,
    recipientEmail: card.recipientEmail,
    recipientName: card.recipientName,
    message: card.message,
    language: card.language,
    sendAt: card.sendAt.toISOString(),
    sentAt: card.sentAt?.toISOString() ?? null,
    paidAt: card.paidAt?.toISOString() ?? null,
    redeemedAt: card.redeemedAt?.toISOString() ?? null,
    state: stateOf(card),
    code: card.status === 'paid' ? await openGiftCode(db, card.codeSealed) : null,
    refundableUntil: until?.toISOString() ?? null,
    canResend: canResend(card),
  };
}

/** The caller's own card by id (they bought it); anyone else's, a malformed id and a missing one answer alike. */
export async function ownGiftCard(db: Db, userId: string, giftCardId: string): Promise<Card> {
  const [card] = UUID_PATTERN.test(giftCardId)
    ? await db
        .select()
        .from(giftCards)
        .where(and(eq(giftCards.id, giftCardId), eq(giftCards.buyerId, userId)))
    : [];
  if (!card) throw giftCardNotFound();
  return card;
}
