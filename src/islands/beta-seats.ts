import { seatsRemaining } from '@/shared/beta-seats';
import { loadCoupon } from '@/stores/coupon';
import { fillTemplate } from './fill-template';

/**
 * The beta page's availability box: 'N out of M beta spots remaining' and the no-code note while seats
 * remain, otherwise (including when the call fails) the no-spots message.
 */
export async function initBetaSeats(root: Document = document): Promise<void> {
  const box = root.querySelector<HTMLElement>('[data-beta-seats]');
  if (!box) return;
  const coupon = await loadCoupon();
  const remaining = coupon ? seatsRemaining(coupon) : 0;
  const state = coupon && remaining > 0 ? 'open' : 'full';
  box.querySelectorAll<HTMLElement>('[data-template]').forEach((el) => {
    el.textContent = fillTemplate(el.dataset.template ?? '', { remaining, total: coupon?.total ?? 0 });
  });
  const meter = box.querySelector<HTMLElement>('[data-seats-meter]');
  if (meter && coupon && coupon.total > 0) meter.style.width = `${Math.round((remaining / coupon.total) * 100)}%`;
  box.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => {
    el.hidden = el.dataset.state !== state;
  });
  box.dataset.seats = state;
  box.removeAttribute('aria-busy');
}
