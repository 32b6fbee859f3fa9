import type { BetaCoupon } from './contracts/coupon';

/**
 * Beta seats still free (never negative), for the landing page's banner, the beta page and the
 * dashboard's package step alike. Kept apart from the coupon contract so a page script reaches it
 * without zod.
 */
export function seatsRemaining(coupon: BetaCoupon): number {
  return Math.max(0, Math.floor(coupon.total - coupon.used));
}
