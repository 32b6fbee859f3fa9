import { atom } from 'nanostores';
import { call } from '@/api/client';
import { seatsRemaining } from '@/shared/beta-seats';
import type { BetaCoupon } from '@/shared/contracts/coupon';

/** The beta seats as `GET /v1/stripe/coupon` reports them: undefined while loading, null when the call failed. */
export const $coupon = atom<BetaCoupon | null | undefined>(undefined);

/**
 * Loads the beta seats for the landing page's banner, the beta page and the wizard's package step. A
 * failure (a network error, a 404 of a server without the call, a non-zero code) is logged only and
 * resolves to null: the site then hides the promotion and the wizard the beta package (spec section 8).
 */
export async function loadCoupon(): Promise<BetaCoupon | null> {
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
export function betaAvailable(info: BetaCoupon | null | undefined): boolean {
  return info ? seatsRemaining(info) > 0 : false;
}
