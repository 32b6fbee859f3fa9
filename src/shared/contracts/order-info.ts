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
  /** Portraits the package promises (more than `imageGenerated` when too few passed the likeness check). */
  imageTotal: z.number().int(),
  /**
   * The portraits best first (by likeness score; those made before the check, by number), each with its
   * version, which changes when it is replaced (the image's address carries it).
   */
  portraits: z.array(z.object({ no: z.number().int(), version: z.number().int() })),
  /** The free replacements: how many the package includes and are left, which portraits are being replaced, whose last replacement failed. */
  replacements: z.object({ included: z.number().int(), left: z.number().int(), pending: z.array(z.number().int()), failed: z.array(z.number().int()) }),
  /** The team that paid for the order (a team member's order): it sees the portraits marked as favorites. */
  team: z.object({ name: z.string() }).nullable(),
  /** Gift cards: a gift card paid for the order (nothing was paid, so nothing is refunded). */
  paidWithGiftCard: z.boolean(),
  /** Lets the gallery fetch this order's portraits without the session (`?t=` on the image URL) until the end of the next UTC day. */
  imageToken: z.string(),
});
export type OrderInfo = z.infer<typeof ZOrderInfoResponseSchema>;
