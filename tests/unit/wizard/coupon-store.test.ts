import { afterEach, describe, expect, it, vi } from 'vitest';
import { $coupon, betaAvailable, loadCoupon } from '@/stores/coupon';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const seats = (total: number, used: number) => ({ total, used, code: 'BETA', percentOff: 100 });

describe('[wizard] the beta seats', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    $coupon.set(undefined);
  });

  it.each([
    [seats(30, 0), true],
    [seats(30, 29), true],
    [seats(30, 30), false],
    [seats(30, 31), false],
    [seats(0, 0), false],
    [null, false],
    [undefined, false],
  ])('%o leaves the beta package available: %s', (info, available) => {
    expect(betaAvailable(info)).toBe(available);
  });

  it('loads the seats with GET /v1/stripe/coupon', async () => {
    const fetch = respond(200, { code: 0, message: 'success', data: seats(30, 4) });
    vi.stubGlobal('fetch', fetch);
    await loadCoupon();
    expect($coupon.get()).toEqual(seats(30, 4));
    expect(fetch).toHaveBeenCalledWith('/v1/stripe/coupon', expect.objectContaining({ credentials: 'include' }));
  });

  it.each([
    ['a 404 (server without the call)', respond(404, { code: 404, message: 'No such call' })],
    ['a network error', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
    ['a body that is not JSON', vi.fn(async () => new Response('<html>', { status: 200 }))],
  ])('treats %s as a failed call', async (_label, fetch) => {
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadCoupon()).toBeNull();
    expect($coupon.get()).toBeNull();
  });

  it('only logs a failure and treats the beta as unavailable', async () => {
    vi.stubGlobal('fetch', respond(500, { code: 500, message: 'Something went wrong on our side; please try again', data: null }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadCoupon();
    expect($coupon.get()).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
    expect(betaAvailable($coupon.get())).toBe(false);
  });
});
