import { z } from './zod';

export const ZOrderInfoRequestSchema = z.strictObject({ orderId: z.string().min(1).max(100) });

export const ZOrderInfoResponseSchema = z.object({
  status: z.string(),
  imageGenerated: z.number().int(),
  favoriteImages: z.array(z.number().int()),
  progress: z.number().int(),
  /** True once the 30-day retention purge removed the portraits. */
  expired: z.boolean(),
});
export type OrderInfo = z.infer<typeof ZOrderInfoResponseSchema>;
