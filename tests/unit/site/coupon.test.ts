import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillTemplate, loadCoupon, parseCoupon, promoVariant, resetCouponCache, seatsRemaining } from '@/islands/coupon';

const body = (data: unknown, code = 0) => ({ code, message: 'ok', data });
const respond = (status: number, json: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } }));

describe('[site] coupon information', () => {
  afterEach(() => resetCouponCache());

  it.each([
    [{ total: 30, used: 12 }, 18, 'beta'],
    [{ total: 30, used: 29 }, 1, 'beta'],
    [{ total: 30, used: 30 }, 0, 'first-order'],
    [{ total: 30, used: 31 }, 0, 'first-order'],
    [{ total: 0, used: 0 }, 0, 'first-order'],
  ] as const)('seats %o leave %i and show the %s banner', (data, remaining, variant) => {
    const info = parseCoupon(body({ ...data, code: 'BETA', percentOff: 100 }))!;
    expect(seatsRemaining(info)).toBe(remaining);
    expect(promoVariant(info)).toBe(variant);
  });

  it('hides the promotion when there is no coupon information', () => {
    expect(promoVariant(null)).toBe('hidden');
  });

  it.each([
    ['a non-zero code', body({ total: 30, used: 0 }, 500)],
    ['no data', { code: 0 }],
    ['a text total', body({ total: '30', used: 0 })],
    ['not an object', 'nope'],
  ])('rejects a body with %s', (_label, value) => {
    expect(parseCoupon(value)).toBeNull();
  });

  it('reads code and percentOff when present', () => {
    expect(parseCoupon(body({ total: 30, used: 1, code: 'BETA', percentOff: 100 }))).toEqual({ total: 30, used: 1, code: 'BETA', percentOff: 100 });
  });

  it('loads the coupon once per page and shares the answer', async () => {
    const fetchImpl = respond(200, body({ total: 30, used: 12 }));
    const [a, b] = await Promise.all([loadCoupon(fetchImpl as unknown as typeof fetch), loadCoupon(fetchImpl as unknown as typeof fetch)]);
    expect(a).toEqual(b);
    expect(a?.used).toBe(12);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/v1/stripe/coupon', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it.each([
    ['a 404 (server without the call)', respond(404, { code: 404, message: 'No such call' })],
    ['a 500', respond(500, { code: 500, message: 'boom' })],
    ['a network error', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))],
    ['a body that is not JSON', vi.fn(async () => new Response('<html>', { status: 200 }))],
  ])('treats %s as a failed call', async (_label, fetchImpl) => {
    expect(await loadCoupon(fetchImpl as unknown as typeof fetch)).toBeNull();
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fillTemplate('{remaining} out of {total} beta spots remaining', { remaining: 18, total: 30 })).toBe('18 out of 30 beta spots remaining');
    expect(fillTemplate('{x} left', {})).toBe('{x} left');
  });
});
