import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput, ok } from '@/server/http/envelope';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';

const ZEchoRequestSchema = z.strictObject({ name: z.string().max(20), count: z.number().int() });

describe('[api] envelope, validation and request hygiene', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A probe route registered the way every /v1 route is: shared schema in, envelope out.
    t = await buildTestApp(
      {},
      {
        extend: (app) => app.post('/v1/test/echo', async (request) => ok(parseInput(ZEchoRequestSchema, request.body))),
      },
    );
  });
  afterAll(() => t.close());

  const post = (payload: string, headers: Record<string, string> = sameSite) => t.app.inject({ method: 'POST', url: '/v1/test/echo', headers, payload });

  it('answers a valid call with code 0 and the data', async () => {
    const res = await post(JSON.stringify({ name: 'Ada', count: 2 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { name: 'Ada', count: 2 } });
  });

  it.each([
    ['malformed JSON', '{"name": "Ada", ', 400, /Malformed JSON/],
    ['a wrong field type', JSON.stringify({ name: 'Ada', count: 'two' }), 400, /Invalid count/],
    ['a missing field', JSON.stringify({ name: 'Ada' }), 400, /Invalid count/],
    ['an unknown field', JSON.stringify({ name: 'Ada', count: 1, admin: true }), 400, /admin/],
    ['a string over its limit', JSON.stringify({ name: 'x'.repeat(21), count: 1 }), 400, /Invalid name/],
    ['an oversized body', JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), count: 1 }), 413, /too large/],
  ])('refuses %s with %i and a message naming the problem', async (_case, payload, status, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(status);
    expect(body.message).toMatch(message);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|stack/i);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await post('name=Ada', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/content type/i);
  });

  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('refuses a cross-site POST (%s) with 403', async (_case, extra) => {
    const res = await post(JSON.stringify({ name: 'Ada', count: 1 }), { 'content-type': 'application/json', ...extra });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, message: expect.stringMatching(/Cross-site/) });
  });

  it("accepts a POST from the site's own origin", async () => {
    const res = await post(JSON.stringify({ name: 'Ada', count: 1 }), {
      'content-type': 'application/json',
      origin: t.config.publicUrl,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an unknown /v1 call with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/nope', headers: sameSite, payload: '{}' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, message: expect.stringMatching(/No such call/) });
  });

  /** The policy's directives as lists of sources. */
  const directives = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );

  it('sends security headers; only the dashboard, which mounts the payment form, allows Stripe', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(api.headers['content-security-policy']).not.toContain('stripe.com');
    expect(api.headers['cross-origin-opener-policy']).toBe('same-origin');

    const dashboard = await t.app.inject({ method: 'GET', url: '/dashboard/newOrder' });
    const policy = directives(dashboard.headers['content-security-policy']);
    // Stripe's integration security guide, for Stripe.js and Checkout.
    expect(policy['script-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com', 'https://maps.googleapis.com']),
    );
    expect(policy['frame-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com']),
    );
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://api.stripe.com', 'https://checkout.stripe.com', 'https://maps.googleapis.com']),
    );
    expect(policy['img-src']).toEqual(expect.arrayContaining(['https://*.stripe.com']));
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Wallet and Link pop-ups must be able to talk back to the page that opened them.
    expect(dashboard.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('[api] global rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message once a client exceeds the limit', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ method: 'GET', url: '/v1/nope' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(last!.statusCode).toBe(429);
    expect(last!.json()).toMatchObject({ code: 429, message: expect.stringMatching(/slow down/) });
  });
});
