import { z } from './zod';
import { LIMITS } from '../limits';
import { ZEmptyRequestSchema } from './auth';
import { REFUND_BLOCKS } from '../refunds';

/**
 * An order id. Its shape is checked by the service, which answers a malformed id exactly as a missing
 * or foreign order (404), so ids cannot be probed.
 */
export const ZOrderIdSchema = z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is too long');

/** A portrait number within its order (1..imageGenerated; the range is checked by the service). */
const ZPortraitNoSchema = z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more');

/**
 * The order's category, package and wizard answers, plus the category's name. After the retention purge
 * only `type`, `package` and `name` remain (the answers are personal data and go with the portraits).
 */
export const ZOrderPortraitInfoSchema = z.object({ type: z.string(), package: z.string(), name: z.string().optional() }).catchall(z.unknown());
export type OrderPortraitInfo = z.infer<typeof ZOrderPortraitInfoSchema>;

/** One order as My Orders lists it. */
export const ZOrderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  progress: z.number(),
  comment: z.string(),
  portraitInfo: ZOrderPortraitInfoSchema.nullable(),
  /** Portraits stored so far, numbered from 1; 0 once the order has expired. */
  imageGenerated: z.number().int(),
  favoriteImages: z.array(z.number().int()),
  /** True once the portraits were purged (30 days after delivery). */
  expired: z.boolean(),
  /** Why the order cannot be refunded now (`refundBlock` in shared/refunds), or null when it can. */
  refundBlock: z.enum(REFUND_BLOCKS).nullable(),
  /** A refresh (20 new portraits of the same person) can be bought for this delivered order now. */
  refreshable: z.boolean(),
  /** The order this one refreshes, when it is a refresh. */
  refreshOf: z.string().nullable(),
  /** While unpaid: until when its checkout can be paid; after that the order goes by itself. */
  payableUntil: z.string().nullable(),
  /** What was paid, in cents, and the card's last four digits when the provider names a card; null while unpaid. */
  paid: z.object({ amountCents: z.number().int(), currency: z.string(), cardLast4: z.string().nullable() }).nullable(),
});
export type Order = z.infer<typeof ZOrderSchema>;

/** `POST /v1/order/list` takes nothing and answers the caller's orders, newest first. */
export const ZListOrdersRequestSchema = ZEmptyRequestSchema;
export const ZListOrdersResponseSchema = z.array(ZOrderSchema);

/** `POST /v1/order/info` (the photo selector's poll) has its contract in ./order-info. */

/** `POST /v1/order/delete`: completed orders only. */
export const ZDeleteOrderRequestSchema = z.strictObject({ orderId: ZOrderIdSchema });

/** `POST /v1/order/resumeCheckout`: the payment form of an unpaid order again (its answer is the checkout's own). */
export const ZResumeCheckoutRequestSchema = z.strictObject({ orderId: ZOrderIdSchema });

/** `POST /v1/order/discard`: an unpaid order and its selfies go at once. */
export const ZDiscardOrderRequestSchema = z.strictObject({ orderId: ZOrderIdSchema });

/** `POST /v1/order/setComment`: trimmed, at most 100 characters. */
export const ZSetCommentRequestSchema = z.strictObject({
  orderId: ZOrderIdSchema,
  comment: z.string({ message: 'must be text' }).trim().max(LIMITS.commentMax, `must be at most ${LIMITS.commentMax} characters`),
});

/** `POST /v1/order/setFavorite`: replaces the order's favorites with `noList`. */
export const ZSetFavoriteRequestSchema = z.strictObject({
  orderId: ZOrderIdSchema,
  noList: z
    .array(ZPortraitNoSchema)
    .max(1000, 'lists too many portraits')
    .refine((list) => new Set(list).size === list.length, 'lists a portrait twice'),
});

/** `POST /v1/order/refund`: the refund policy's self-serve refund of a whole order. */
export const ZRequestRefundRequestSchema = z.strictObject({ orderId: ZOrderIdSchema });
export const ZRequestRefundResponseSchema = z.object({ orderId: z.string(), refundedAt: z.string(), amount: z.number().int(), currency: z.string() });

/** `POST /v1/order/addDownloaded`: records that portrait `no` was downloaded on its own. */
export const ZAddDownloadedRequestSchema = z.strictObject({ orderId: ZOrderIdSchema, no: ZPortraitNoSchema });

/** `POST /v1/order/replacePortrait`: one free replacement of portrait `no` (made in the background). */
export const ZReplacePortraitRequestSchema = z.strictObject({ orderId: ZOrderIdSchema, no: ZPortraitNoSchema });
export const ZReplacePortraitResponseSchema = z.object({ no: z.number().int(), left: z.number().int() });

/** `GET /v1/order/groupDownload/:orderId[?favorites=true]`: a browser navigation answering a zip. */
export const ZGroupDownloadParamsSchema = z.object({ orderId: ZOrderIdSchema });
export const ZGroupDownloadQuerySchema = z.object({
  favorites: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
