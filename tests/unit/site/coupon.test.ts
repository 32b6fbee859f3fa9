import { describe, expect, it } from 'vitest';
import { fillTemplate } from '@/islands/fill-template';
import { promoVariant } from '@/islands/promo-banner';
import { seatsRemaining } from '@/shared/beta-seats';

const coupon = (total: number, used: number) => ({ total, used, code: 'BETA', percentOff: 100 });

describe('[site] beta seats', () => {
  it.each([
    [coupon(30, 12), 18, 'beta'],
    [coupon(30, 29), 1, 'beta'],
    [coupon(30, 30), 0, 'first-order'],
    [coupon(30, 31), 0, 'first-order'],
    [coupon(0, 0), 0, 'first-order'],
  ] as const)('seats %o leave %i and show the %s banner', (info, remaining, variant) => {
    expect(seatsRemaining(info)).toBe(remaining);
    expect(promoVariant(info)).toBe(variant);
  });

  it('hides the promotion when there is no coupon information', () => {
    expect(promoVariant(null)).toBe('hidden');
  });

  it('fills placeholders and leaves unknown ones', () => {
    expect(fillTemplate('{remaining} out of {total} beta spots remaining', { remaining: 18, total: 30 })).toBe('18 out of 30 beta spots remaining');
    expect(fillTemplate('{x} left', {})).toBe('{x} left');
  });
});
