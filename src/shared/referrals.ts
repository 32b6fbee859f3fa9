import { FIRST_ORDER_COUPON } from './catalog/packages';

/**
 * Referrals (the amounts are in the catalog, `REFERRAL_PROGRAM`): the codes a checkout session carries for
 * the discounts the server applies by itself, so that the fulfilment and the receipt know what was taken off.
 */
export const REFERRAL_CODES = {
  /** The friend's welcome discount on their first paid order. */
  friend: 'FRIEND',
  /** Referral credits alone (no other discount). */
  credit: 'CREDIT',
} as const;

/**
 * Stripe's smallest charge in USD. Credits never bring an order below it: a credit is used whole or not at
 * all, and only while what is left to pay stays at least this much (the rest stays available).
 */
export const MIN_CHARGE_CENTS = 50;

/** How the offline checkout explains the discount it kept when FIRST30 was typed, or a friend's discount that no longer applies. */
export type DiscountNote = 'friendBetter' | 'first30Better' | 'friendGone' | null;

/** FIRST30's amount on a price (the friend's welcome discount gives way to it when it takes more). */
export const first30Cents = (priceCents: number) => Math.round((priceCents * FIRST_ORDER_COUPON.percentOff) / 100);
