import { expect } from 'vitest';
import type { TestApp } from './app';
import { mailedToken, verifyLink } from './login-link';
import { sessionCookieOf } from './session';

/**
 * A browser opens `code`'s referral link, then signs in by emailed link (holding `existingCookie` too,
 * when given): the `session` cookie it ends with. Checks that the link lands on the home page and that the
 * sign-in clears the referral cookie.
 */
export async function arriveAndSignIn(t: TestApp, code: string, email: string, existingCookie?: string): Promise<string> {
  const landed = await t.app.inject({ method: 'GET', url: `/r/${code}` });
  expect(landed.statusCode).toBe(302);
  expect(landed.headers.location).toBe('/');
  const setCookie = [landed.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('referral='));
  const referralCookie = setCookie?.split(';')[0] ?? '';
  const cookie = [referralCookie, existingCookie].filter(Boolean).join('; ');
  const verified = await verifyLink(t, await mailedToken(t, email), { cookie });
  expect(verified.statusCode).toBe(200);
  const cleared = [verified.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('referral='));
  if (referralCookie) expect(cleared).toMatch(/^referral=;/);
  return `session=${sessionCookieOf(verified.headers['set-cookie'])!.value}`;
}

/** The customer's referral code, as their Referrals page makes and shows it. */
export async function referralCodeOf(t: TestApp, cookie: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/referrals/mine', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().data.code as string;
}
