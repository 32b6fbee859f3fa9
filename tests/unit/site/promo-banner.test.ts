// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initPromoBanner } from '@/islands/promo-banner';
import { initBetaSeats } from '@/islands/beta-seats';

function stubCoupon(status: number, data?: { total: number; used: number }) {
  const body = data ? { code: 0, message: 'ok', data: { ...data, code: 'BETA', percentOff: 100 } } : { code: status, message: 'fail' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

const banner = () => {
  document.body.innerHTML = `
    <aside data-promo-banner data-state="loading" aria-busy="true">
      <p data-variant="loading">Loading…</p>
      <p data-variant="beta" hidden><span data-template="Beta: {remaining} of {total} free spots left"></span></p>
      <p data-variant="first-order" hidden>30% off with FIRST30</p>
    </aside>`;
  return document.querySelector<HTMLElement>('[data-promo-banner]')!;
};
const visible = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>('[data-variant]'))
    .filter((el) => !el.hidden)
    .map((el) => el.dataset.variant);

// A failed call is logged (src/stores/coupon.ts); the tests that fail it need not print it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('[site] promo banner states', () => {
  it('shows the beta variant with the seats left while seats remain', async () => {
    stubCoupon(200, { total: 30, used: 12 });
    const root = banner();
    await initPromoBanner();
    expect(visible(root)).toEqual(['beta']);
    expect(root.textContent).toContain('Beta: 18 of 30 free spots left');
    expect(root.hidden).toBe(false);
  });

  it('shows the FIRST30 offer when no seat remains', async () => {
    stubCoupon(200, { total: 30, used: 30 });
    const root = banner();
    await initPromoBanner();
    expect(visible(root)).toEqual(['first-order']);
  });

  it.each([404, 500])('hides the banner when the call answers %i', async (status) => {
    stubCoupon(status);
    const root = banner();
    await initPromoBanner();
    expect(root.hidden).toBe(true);
    expect(root.dataset.state).toBe('hidden');
  });
});

describe('[site] beta page seats', () => {
  const box = () => {
    document.body.innerHTML = `
      <div data-beta-seats aria-busy="true">
        <p data-state="loading">Checking…</p>
        <div data-state="open" hidden><p data-template="{remaining} out of {total} beta spots remaining"></p><div data-seats-meter></div></div>
        <p data-state="full" hidden>Currently, there are no active beta testing spots available.</p>
      </div>`;
    return document.querySelector<HTMLElement>('[data-beta-seats]')!;
  };
  const shown = (root: HTMLElement) =>
    Array.from(root.querySelectorAll<HTMLElement>('[data-state]'))
      .filter((el) => !el.hidden)
      .map((el) => el.dataset.state);

  it('says how many spots remain', async () => {
    stubCoupon(200, { total: 30, used: 12 });
    const root = box();
    await initBetaSeats();
    expect(shown(root)).toEqual(['open']);
    expect(root.textContent).toContain('18 out of 30 beta spots remaining');
    expect(root.querySelector<HTMLElement>('[data-seats-meter]')!.style.width).toBe('60%');
  });

  it.each([
    ['all spots are taken', () => stubCoupon(200, { total: 30, used: 30 })],
    ['the call fails', () => stubCoupon(500)],
  ])('says no spot is available when %s', async (_label, stub) => {
    stub();
    const root = box();
    await initBetaSeats();
    expect(shown(root)).toEqual(['full']);
  });
});
