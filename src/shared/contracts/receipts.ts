import { z } from './zod';
import { ZEmptyRequestSchema } from './auth.js';
import { REFUND_BLOCKS } from '../refunds';

/** `POST /v1/stripe/receipts` takes nothing. */
export const ZListReceiptsRequestSchema = ZEmptyRequestSchema;

/**
 * One payment as the Receipts page lists it. `amount` is in the currency's minor unit (cents for
 * USD), as every amount in the product is; `orderId` is null once the order was deleted, and
 * `receiptURL` is null when the payment provider gave none.
 */
export const ZReceiptSchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receiptURL: z.string().nullable(),
  /** The last four digits of the card that paid, when the provider names a card. */
  cardLast4: z.string().nullable(),
  /** When the payment was refunded (in full), and how much; null and 0 when it was not. */
  refundedAt: z.string().nullable(),
  refundedAmount: z.number().int(),
  /** A team's purchase of seats: how many, for which package; null for an order's payment. */
  seats: z.object({ quantity: z.number().int(), packageId: z.string() }).nullable(),
  /** Gift cards: a gift card's purchase, for which package; null otherwise. */
  giftCard: z.object({ packageId: z.string() }).nullable(),
  /** Why the order of this payment cannot be refunded now, or null when it can (`refundBlock` in shared/refunds). */
  refundBlock: z.enum(REFUND_BLOCKS).nullable(),
});
export type Receipt = z.infer<typeof ZReceiptSchema>;

/** The caller's last 100 payments, newest first. */
export const ZListReceiptsResponseSchema = z.array(ZReceiptSchema);

/** `GET /v1/receipts/:paymentId`: the printable receipt of an offline (test-mode) payment. */
export const ZReceiptPageParamsSchema = z.object({ paymentId: z.string().max(100) });
/** `?lang=fr` renders the receipt in that language (the account's language when absent or unknown). */
export const ZReceiptPageQuerySchema = z.object({ lang: z.string().max(5).optional() });
