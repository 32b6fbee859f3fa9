/**
 * The beta/coupon information behind the promo banner and the beta page (`GET /v1/stripe/coupon`).
 * `total` is the number of beta seats and `used` the beta orders taken; seats remain while
 * `total - used > 0`, which is what "coupon total above 0" means in the UI.
 */
export interface CouponInfo {
  total: number;
  used: number;
  code: string;
  percentOff: number;
}

/** What the promo banner shows: the beta offer, the first-order offer, or nothing (the call failed). */
export type PromoVariant = 'beta' | 'first-order' | 'hidden';

/** Reads a coupon response body; anything but `{ code: 0, data: { total, used } }` with numbers is null. */
export function parseCoupon(body: unknown): CouponInfo | null {
  if (!body || typeof body !== 'object') return null;
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (code !== 0 || !data || typeof data !== 'object') return null;
  const { total, used, code: couponCode, percentOff } = data as Record<string, unknown>;
  if (typeof total !== 'number' || typeof used !== 'number' || !Number.isFinite(total) || !Number.isFinite(used)) return null;
  return {
    total,
    used,
    code: typeof couponCode === 'string' ? couponCode : '',
    percentOff: typeof percentOff === 'number' ? percentOff : 0,
  };
}

/** Beta seats still free (never negative). */
export function seatsRemaining(info: CouponInfo): number {
  return Math.max(0, Math.floor(info.total - info.used));
}

/** The banner variant for a coupon result (null when the call failed). */
export function promoVariant(info: CouponInfo | null): PromoVariant {
  if (!info) return 'hidden';
  return seatsRemaining(info) > 0 ? 'beta' : 'first-order';
}

let pending: Promise<CouponInfo | null> | undefined;

/**
 * Fetches the coupon information once per page (the banner and the beta page share the answer).
 * Any failure (network, non-2xx such as the 404 of a server without the call, a non-zero code)
 * resolves to null rather than throwing: the page logs it and hides the promotion.
 */
export function loadCoupon(fetchImpl: typeof fetch = fetch): Promise<CouponInfo | null> {
  pending ??= fetchImpl('/v1/stripe/coupon', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? parseCoupon(await response.json()) : null))
    .catch(() => null);
  return pending;
}

/** Forgets the cached answer (tests only). */
export function resetCouponCache(): void {
  pending = undefined;
}

/** Fills `{name}` placeholders of a translated template rendered into the page (e.g. `{remaining} out of {total}`). */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
