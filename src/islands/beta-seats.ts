import { fillTemplate, loadCoupon, seatsRemaining } from './coupon';

/**
 * The beta page's availability box: 'N out of M beta spots remaining' and the no-code note while seats
 * remain, otherwise (including when the call fails) the no-spots message.
 */
export async function initBetaSeats(root: Document = document): Promise<void> {
  const box = root.querySelector<HTMLElement>('[data-beta-seats]');
  if (!box) return;
  const info = await loadCoupon();
  const remaining = info ? seatsRemaining(info) : 0;
  const state = info && remaining > 0 ? 'open' : 'full';
  box.querySelectorAll<HTMLElement>('[data-template]').forEach((el) => {
    el.textContent = fillTemplate(el.dataset.template ?? '', { remaining, total: info?.total ?? 0 });
  });
  const meter = box.querySelector<HTMLElement>('[data-seats-meter]');
  if (meter && info && info.total > 0) meter.style.width = `${Math.round((remaining / info.total) * 100)}%`;
  box.querySelectorAll<HTMLElement>('[data-state]').forEach((el) => {
    el.hidden = el.dataset.state !== state;
  });
  box.dataset.seats = state;
  box.removeAttribute('aria-busy');
}
