import { z } from './zod';
import { ZEmailSchema, ZLanguageCodeSchema } from './auth';
import { GIFT_CARD } from '../catalog/packages';

/**
 * Gift cards: a customer buys a card for a package through the same checkout as an order, mails it to
 * someone on a date or prints it; whoever holds the code redeems it on their account and orders the
 * package with nothing to pay. A card that is not the caller's answers exactly as a missing one (404).
 */

export const GIFT_CARD_PACKAGE_IDS = GIFT_CARD.packages;

/** What the buyer sees of a card: scheduled (paid, not mailed yet), sent (mailed, or a print card), redeemed, refunded, void. */
export const GIFT_CARD_STATES = ['pending', 'scheduled', 'sent', 'redeemed', 'refunded', 'void'] as const;
export type GiftCardState = (typeof GIFT_CARD_STATES)[number];

/** The longest personal message a card carries. */
export const GIFT_MESSAGE_MAX = 500;
/** How far ahead a card can be scheduled. */
export const GIFT_SEND_MAX_DAYS = 365;

const ZId = z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is too long');
const ZRequestId = z
  .string({ message: 'is required' })
  .max(36, 'is too long')
  .pipe(z.uuid({ message: 'must be a UUID' }));
const ZCode = z.string({ message: 'is required' }).min(1, 'is required').max(64, 'is too long');

/** `POST /v1/giftcards`: the answer mounts the same payment form as an order's checkout. */
export const ZBuyGiftCardRequestSchema = z
  .strictObject({
    packageId: z.enum(GIFT_CARD_PACKAGE_IDS, { message: 'is not a package gift cards are sold for' }),
    delivery: z.enum(['mail', 'print'], { message: 'must be mail or print' }),
    recipientEmail: ZEmailSchema.optional(),
    recipientName: z.string({ message: 'must be text' }).trim().max(100, 'is too long').optional(),
    message: z.string({ message: 'must be text' }).max(GIFT_MESSAGE_MAX, `is too long (at most ${GIFT_MESSAGE_MAX} characters)`).optional(),
    language: ZLanguageCodeSchema,
    /** The day to mail it (YYYY-MM-DD, UTC), today up to a year ahead; absent: now. */
    sendOn: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
  })
  .refine((v) => v.delivery !== 'mail' || v.recipientEmail, { message: 'is required to mail the card', path: ['recipientEmail'] });
export const ZBuyGiftCardResponseSchema = z.object({
  giftCardId: z.string(),
  sessionId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(['offline', 'stripe']),
  publishableKey: z.string().nullable(),
});

/** `POST /v1/giftcards/confirm`: reads the card's payment back from the provider at once (as `confirmCheckout` does). */
export const ZConfirmGiftCardRequestSchema = z.strictObject({ sessionId: z.string({ message: 'is required' }).min(1, 'is required').max(200, 'is too long') });

export const ZGiftCardViewSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  delivery: z.enum(['mail', 'print']),
  recipientEmail: z.string().nullable(),
  recipientName: z.string().nullable(),
  message: z.string().nullable(),
  language: z.string(),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  state: z.enum(GIFT_CARD_STATES),
  /** The code, for the buyer of a paid card (to print or pass on); null otherwise. */
  code: z.string().nullable(),
  /** Until when an unredeemed card can be refunded; null when it cannot be (any more). */
  refundableUntil: z.string().nullable(),
  canResend: z.boolean(),
});
export type GiftCardView = z.infer<typeof ZGiftCardViewSchema>;

/** A card redeemed on the caller's account, with the order it paid once used. */
export const ZRedeemedGiftCardSchema = z.object({ id: z.string(), packageId: z.string(), redeemedAt: z.string(), orderId: z.string().nullable() });

/** `POST /v1/giftcards/mine`: the cards the caller bought, and those they redeemed. */
export const ZMyGiftCardsResponseSchema = z.object({ bought: z.array(ZGiftCardViewSchema), redeemed: z.array(ZRedeemedGiftCardSchema) });

export const ZGiftCardActionRequestSchema = z.strictObject({ giftCardId: ZId });
export const ZRefundGiftCardRequestSchema = z.strictObject({ giftCardId: ZId, requestId: ZRequestId });

/** `POST /v1/giftcards/check`: what a code is for, before the customer confirms; `POST /v1/giftcards/redeem` takes it. */
export const ZGiftCodeRequestSchema = z.strictObject({ code: ZCode });
export const ZGiftCodeResponseSchema = z.object({ giftCardId: z.string(), packageId: z.string(), from: z.string(), message: z.string().nullable() });

/** Operator console: a card by code, buyer, or recipient address. */
export const ZOperatorGiftCardsRequestSchema = z.strictObject({
  query: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
});
export const ZOperatorGiftCardSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  buyerEmail: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  delivery: z.enum(['mail', 'print']),
  state: z.enum(GIFT_CARD_STATES),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  redeemedByEmail: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  orderId: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  createdAt: z.string(),
});
export const ZOperatorGiftCardsResponseSchema = z.object({ cards: z.array(ZOperatorGiftCardSchema) });
export const ZOperatorGiftCardActionRequestSchema = z.strictObject({
  giftCardId: ZId,
  requestId: ZRequestId,
  reason: z.string({ message: 'must be text' }).trim().max(500, 'is too long').optional(),
});
