import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where Astria reports a trained tune or a finished prompt. */
export const ASTRIA_CALLBACK_PATH = '/v1/providers/astria/callback';

/**
 * The order-bound secret in the callback URL: HMAC-SHA256 of the order id keyed with the API key. It is
 * derived, so nothing extra is stored, and it proves the URL came from us for exactly this order.
 */
export function callbackSecret(apiKey: string, orderId: string): string {
  return createHmac('sha256', apiKey).update(orderId).digest('hex');
}

/** The callback URL given to Astria for an order's tune and prompts. */
export function callbackUrl(publicUrl: string, orderId: string, secret: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return `${origin}${ASTRIA_CALLBACK_PATH}?order=${encodeURIComponent(orderId)}&secret=${encodeURIComponent(secret)}`;
}

/** Whether a callback's `secret` belongs to `orderId`; compared in constant time. */
export function verifyCallback(apiKey: string, orderId: unknown, secret: unknown): boolean {
  if (typeof orderId !== 'string' || typeof secret !== 'string' || orderId === '') return false;
  const expected = Buffer.from(callbackSecret(apiKey, orderId), 'utf8');
  const given = Buffer.from(secret, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
