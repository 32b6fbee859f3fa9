import { fillTemplate, loadCoupon, promoVariant, seatsRemaining } from './coupon';

/**
 * The landing page's promo banner: server-rendered in its loading state (shown only when scripts run),
 * then the beta offer while seats remain, else the first-order offer, or removed when the call fails.
 */
export async function initPromoBanner(root: Document = document): Promise<void> {
  const banner = root.querySelector<HTMLElement>('[data-promo-banner]');
  if (!banner) return;
  const info = await loadCoupon();
  const variant = promoVariant(info);
  banner.dataset.state = variant;
  if (!info || variant === 'hidden') {
    banner.hidden = true;
    return;
  }
  const values = { remaining: seatsRemaining(info), total: info.total };
  banner.querySelectorAll<HTMLElement>('[data-template]').forEach((el) => {
    el.textContent = fillTemplate(el.dataset.template ?? '', values);
  });
  banner.querySelectorAll<HTMLElement>('[data-variant]').forEach((el) => {
    el.hidden = el.dataset.variant !== variant;
  });
  banner.removeAttribute('aria-busy');
}
