import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@/shared/contracts/calls';
import { buildTestApp, type TestApp } from './helpers/app';

/**
 * The API's routes that are not JSON calls, so have no entry in `CALLS`: what the browser navigates to
 * or loads as an image, the uploads (multipart forms), and what other systems call. Every other `/v1`
 * route is a call of the table, which the browser reaches through `call()`.
 */
const NOT_CALLS: Record<string, string> = {
  'GET /v1/health': 'the health check of load balancers and monitors',
  'GET /v1/logout': 'the sign-out link: a navigation that clears the cookie and redirects',
  'GET /v1/oauth/:provider/login': 'OAuth: a navigation to the provider',
  'GET /v1/oauth/:provider/callback': 'OAuth: the provider sends the browser back here',
  'GET /v1/order/groupDownload/:orderId': 'the zip of the portraits, a download the browser navigates to',
  'GET /v1/image/get/:orderId/:n': 'portraits and thumbnails, loaded by <img>',
  'GET /v1/operator/orders/:orderId/thumbs/:no': "the console's thumbnails of a customer's photos, loaded by <img>",
  'GET /v1/receipts/:paymentId': 'the receipt, a printable page',
  'POST /v1/stripe/checkout/create': 'a multipart upload: the selfies with the answers',
  'POST /v1/photos/check': 'a multipart upload: one selfie to check',
  'POST /v1/team/order': "a multipart upload: a team member's selfies with the answers",
  // Gift cards
  'POST /v1/giftcards/order': 'a multipart upload: the selfies and answers of the order a redeemed gift card pays',
  'GET /v1/team/:teamId/favorites.zip': "the zip of the team members' favourites, a download the browser navigates to",
  'GET /v1/team/:teamId/members.csv': "the team's members as CSV, a download the browser navigates to",
  'POST /v1/stripe/webhook': "Stripe's webhook, signed by Stripe",
  'POST /v1/providers/astria/callback': "Astria's callback, signed with a per-order secret",
};

/** `METHOD /path` of every route a call of the table should have. */
const callRoutes = Object.entries(CALLS).flatMap(([name, call]) =>
  (call.methods ?? ['POST']).map((method): [string, string] => [`${method} ${call.path}`, name]),
);

describe('[api] the call table and the server agree', () => {
  let t: TestApp;
  let registered: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    // HEAD routes are Fastify's automatic twins of GET routes.
    registered = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
  });
  afterAll(() => t.close());

  it.each(callRoutes)('%s (%s) is registered', (route) => {
    expect(registered).toContain(route);
  });

  it('has a CALLS entry for every /v1 route, but the listed navigations, uploads and callbacks', () => {
    const calls = new Set<string>(callRoutes.map(([route]) => route));
    const unlisted = registered.filter((route) => / \/v1\//.test(route) && !calls.has(route) && !(route in NOT_CALLS));
    expect(unlisted).toEqual([]);
  });

  it('lists as exceptions only routes the server has and the table does not', () => {
    const calls = new Set<string>(callRoutes.map(([route]) => route));
    for (const [route, reason] of Object.entries(NOT_CALLS)) {
      expect(registered, route).toContain(route);
      expect(calls.has(route), route).toBe(false);
      expect(reason, route).not.toBe('');
    }
  });
});
