import { seatsRemaining } from '@/shared/beta-seats';
import type { BetaCoupon } from '@/shared/contracts/coupon';
import { loadCoupon } from '@/stores/coupon';
import { fillTemplate } from './fill-template';

/** What the promo banner shows: the beta offer, the first-order offer, or nothing (the call failed). */
export type PromoVariant = 'beta' | 'first-order' | 'hidden';

/** The banner variant for the beta seats (null when the call failed). */
export function promoVariant(coupon: BetaCoupon | null): PromoVariant {
  if (!coupon) return 'hidden';
  return seatsRemaining(coupon) > 0 ? 'beta' : 'first-order';
}

/**
 * The landing page's promo banner: server-rendered in its loading state (shown only when scripts run),
 * then the beta offer while seats remain, else the first-order offer, or removed when the call fails.
 */
export async function initPromoBanner(root: Document = document): Promise<void> {
  const banner = root.querySelector<HTMLElement>('[data-promo-banner]');
  if (!banner) return;
  const coupon = await loadCoupon();
  const variant = promoVariant(coupon);
  banner.dataset.state = variant;
  if (!coupon || variant === 'hidden') {
    banner.hidden = true;
    return;
  }
  const values = { remaining: seatsRemaining(coupon), total: coupon.total };
  banner.querySelectorAll<HTMLElement>('[data-template]').forEach((el) => {
    el.textContent = fillTemplate(el.dataset.template ?? '', values);
  });
  banner.querySelectorAll<HTMLElement>('[data-variant]').forEach((el) => {
    el.hidden = el.dataset.variant !== variant;
  });
  banner.removeAttribute('aria-busy');
}
