import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';

/**
 * Per-address limits are only as good as the address: X-Forwarded-For is believed only from the
 * proxies TRUST_PROXY names, so a client talking to the server directly cannot pose as many clients.
 */
describe('[security] the client address behind the per-address limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Asks for sign-in links for different emails, each request claiming another forwarded address. */
  async function askWithRotatingForwardedFor(n: number) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/v1/loginLink/send',
        headers: { ...sameSite, 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `visitor${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('ignores X-Forwarded-For by default: rotating it does not escape the per-address limit', async () => {
    t = await buildTestApp({ LOGIN_LINKS_PER_IP_PER_HOUR: '3' });
    expect(await askWithRotatingForwardedFor(5)).toEqual([200, 200, 200, 429, 429]);
  });

  it('believes the forwarded address from a trusted proxy, so each client has its own limit', async () => {
    t = await buildTestApp({ LOGIN_LINKS_PER_IP_PER_HOUR: '3', TRUST_PROXY: '127.0.0.1' });
    expect(await askWithRotatingForwardedFor(5)).toEqual([200, 200, 200, 200, 200]);
  });
});
