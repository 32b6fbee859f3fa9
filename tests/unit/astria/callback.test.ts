import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callbackSecret, callbackUrl, verifyCallback } from '@/server/providers/generator/astria-callback';

const KEY = 'sd_unit_key';
const ORDER = '7d1e3a4c-0b8f-4c6e-9a51-2f0d8e6b3c21';

describe('[astria] callback signing', () => {
  it('derives the secret as HMAC-SHA256 of the order id keyed with the API key', () => {
    expect(callbackSecret(KEY, ORDER)).toBe(createHmac('sha256', KEY).update(ORDER).digest('hex'));
  });

  it('builds the callback URL on the public origin', () => {
    expect(callbackUrl('https://portraits.example.com', ORDER, 'abc123')).toBe(
      `https://portraits.example.com/v1/providers/astria/callback?order=${ORDER}&secret=abc123`,
    );
  });

  it.each([
    ['the right secret', ORDER, callbackSecret(KEY, ORDER), true],
    ['the secret of another order', ORDER, callbackSecret(KEY, 'another-order'), false],
    ['a secret made with another key', ORDER, callbackSecret('sd_other', ORDER), false],
    ['a truncated secret', ORDER, callbackSecret(KEY, ORDER).slice(0, 10), false],
    ['an empty secret', ORDER, '', false],
    ['no secret', ORDER, undefined, false],
    ['no order', undefined, callbackSecret(KEY, ORDER), false],
  ])('verifies %s as %s', (_name, orderId, secret, expected) => {
    expect(verifyCallback(KEY, orderId, secret)).toBe(expected);
  });
});
