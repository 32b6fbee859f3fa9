import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, shortOrderId } from '@/shared/format';

describe('[dashboard] formatting', () => {
  it.each([
    [3150, 'usd', 'us', '$31.50'],
    [3500, 'usd', 'us', '$35.00'],
    [0, 'usd', 'us', '$0.00'],
    [3500, 'jpy', 'us', '¥3,500'],
  ] as const)('formatMoney(%d, %s, %s) is %s', (amount, currency, language, expected) => {
    expect(formatMoney(amount, currency, language)).toBe(expected);
  });

  it('prints whole prices without cents when asked', () => {
    expect(formatMoney(3500, 'usd', 'us', { wholeWithoutCents: true })).toBe('$35');
    expect(formatMoney(1999, 'usd', 'us', { wholeWithoutCents: true })).toBe('$19.99');
  });

  it('formats dates as en-US short month, day, year in English', () => {
    expect(formatDate('2025-04-12T00:00:00Z', 'us', { timeZone: 'UTC' })).toBe('Apr 12, 2025');
    expect(formatDate('2025-02-10T00:00:00Z', 'de', { timeZone: 'UTC' })).toBe('10. Feb. 2025');
  });

  it('shows an order id as its first 8 characters in upper case', () => {
    expect(shortOrderId('0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e')).toBe('0B7C2D4E');
  });
});
