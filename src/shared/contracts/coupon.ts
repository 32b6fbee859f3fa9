import { z } from './zod';

/** The beta program's seats, shown to visitors on the landing and beta pages: seats remain while used < total. */
export const ZBetaCouponResponseSchema = z.object({
  total: z.number().int(),
  used: z.number().int(),
  code: z.string(),
  percentOff: z.number(),
});
export type BetaCoupon = z.infer<typeof ZBetaCouponResponseSchema>;
