import { atom } from 'nanostores';
import { call } from '@/api/client';
import { seatsRemaining, type CouponInfo } from '@/islands/coupon';

export type { CouponInfo };

/** The beta seats as `GET /v1/stripe/coupon` reports them: undefined while loading, null when the call failed. */
export const $coupon = atom<CouponInfo | null | undefined>(undefined);

/** Loads the coupon information; a failure is logged only and leaves the beta unavailable (spec section 8). */
export async function loadCoupon(): Promise<CouponInfo | null> {
  try {
    const { data } = await call('betaCoupon');
    $coupon.set(data);
    return data;
  } catch (error) {
    console.error('Could not load the coupon information', error);
    $coupon.set(null);
    return null;
  }
}

/** The beta package can be chosen only while seats remain (total - used > 0). */
export function betaAvailable(info: CouponInfo | null | undefined): boolean {
  return info ? seatsRemaining(info) > 0 : false;
}
