import { z } from './zod';
import { ZOrderPortraitInfoSchema } from './orders';

export const ZOrderInfoRequestSchema = z.strictObject({ orderId: z.string().min(1).max(100) });

export const ZOrderInfoResponseSchema = z.object({
  status: z.string(),
  imageGenerated: z.number().int(),
  favoriteImages: z.array(z.number().int()),
  progress: z.number().int(),
  /** True once the 30-day retention purge removed the portraits. */
  expired: z.boolean(),
  /**
   * The money-back guarantee still holds: the order can be refunded now, or will be once its portraits
   * are ready. A download would end it, so the photo selector asks before the first one.
   */
  refundable: z.boolean(),
  /** A refresh can be bought now (as in the order list), and the answers it starts from. */
  refreshable: z.boolean(),
  portraitInfo: ZOrderPortraitInfoSchema.nullable(),
  /** Lets the gallery fetch this order's portraits without the session (`?t=` on the image URL) until the end of the next UTC day. */
  imageToken: z.string(),
});
export type OrderInfo = z.infer<typeof ZOrderInfoResponseSchema>;
