import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOrderJob } from '@/server/jobs/definitions';
import { orders } from '@/server/db/schema';
import { parseAstriaRef } from '@/server/providers/generator/astria';
import { callbackSecret } from '@/server/providers/generator/astria-callback';
import { buildTestApp, runJobs, sameSite, type TestApp } from './helpers/app';
import { startAstriaApi } from './helpers/astria-api';
import { mailedToken, verifyLink } from './helpers/login-link';
import { startCheckout } from './helpers/orders';
import { sessionCookieOf, signInAs } from './helpers/session';
import { startStripeApi } from './helpers/stripe-api';
import { seedTeam } from './helpers/teams';
import { mailedGiftCode } from './helpers/giftcards';

/**
 * Cases 6 and 7 of the hostile customer: what the log of a whole run holds (no secret of anyone's), and
 * what another site can make a signed-in customer's browser do with a plain link (nothing).
 */

const STRIPE_SECRET = 'sk_test_log_probe_4f1c';
const WEBHOOK_SECRET = 'whsec_log_probe_9d2e';
const ASTRIA_KEY = 'sd_log_probe_7b3a';

describe('[abuse] no secret in the log of a whole run', { timeout: 180_000 }, () => {
  const lines: string[] = [];
  let t: TestApp;
  let stripeApi: Awaited<ReturnType<typeof startStripeApi>>;
  let astriaApi: Awaited<ReturnType<typeof startAstriaApi>>;
  beforeAll(async () => {
    stripeApi = await startStripeApi();
    astriaApi = await startAstriaApi({ apiKey: ASTRIA_KEY });
    t = await buildTestApp(
      {
        LOG_LEVEL: 'trace',
        STRIPE_SECRET_KEY: STRIPE_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_log_probe',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripeApi.url,
        GENERATOR: 'astria',
        ASTRIA_API_KEY: ASTRIA_KEY,
        ASTRIA_API_URL: astriaApi.url,
      },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
    await astriaApi.close();
  });

  it('case 6: sign-in links, sessions, checkout and portrait tokens, keys and webhook secrets never reach the log', async () => {
    const email = 'nia@example.com';
    const secrets: string[] = [STRIPE_SECRET, WEBHOOK_SECRET, ASTRIA_KEY];

    // Sign in by the mailed link, opening the link's page as the browser does.
    const loginToken = await mailedToken(t, email);
    secrets.push(loginToken);
    await t.app.inject({ method: 'GET', url: `/login/verify?token=${loginToken}` });
    const signedIn = await verifyLink(t, loginToken);
    const session = sessionCookieOf(signedIn.headers['set-cookie'])!.value;
    secrets.push(session);
    const headers = { ...sameSite, cookie: `session=${session}` };

    // Order and pay through Stripe's embedded Checkout; Stripe's signed webhook reports the payment.
    const created = await startCheckout(t, headers.cookie);
    const { orderId, sessionId, clientSecret } = created.json().data;
    secrets.push(clientSecret);
    stripeApi.complete(sessionId);
    const payload = JSON.stringify({
      id: 'evt_log_probe',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    secrets.push(signature.split('v1=')[1]!);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(webhook.statusCode).toBe(200);

    // Astria trains and renders, calling back with the order's secret.
    expect(await runJobs(t, generateOrderJob)).toBe(1);
    secrets.push(callbackSecret(ASTRIA_KEY, orderId));
    const [order] = await t.app.ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const tune = astriaApi.tune(parseAstriaRef(order!.providerRef!).tuneId);
    astriaApi.train(tune.id);
    const callback = new URL(tune.callback!);
    await t.app.inject({ method: 'POST', url: `${callback.pathname}${callback.search}`, payload: {} });
    expect(await runJobs(t, generateOrderJob)).toBe(1);
    astriaApi.render(tune.id, 'all');
    const promptCallback = new URL(astriaApi.promptsOf(tune.id)[0]!.callback!);
    await t.app.inject({ method: 'POST', url: `${promptCallback.pathname}${promptCallback.search}`, payload: {} });
    expect(await runJobs(t, generateOrderJob)).toBe(1);

    // The gallery's signed links.
    const info = (await t.app.inject({ method: 'POST', url: '/v1/order/info', headers, payload: { orderId } })).json().data;
    secrets.push(info.imageToken);
    expect(info).toMatchObject({ status: 'completed', imageGenerated: 20 });
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/image/get/${orderId}/1?size=thumb&t=${encodeURIComponent(info.imageToken)}` });
    expect(thumb.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/v1/logout', headers: { cookie: headers.cookie, 'sec-fetch-site': 'same-origin' } });

    const log = lines.join('');
    // The run was logged, requests included, and the outbox named its mail's file.
    expect(log).toMatch(/Your portraits are ready/);
    expect(log).toMatch(/\/v1\/image\/get\//);
    expect(log).toMatch(/login\/verify\?token=\*\*\*/);
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
  });
});

describe('[abuse] no gift code or team token in the log', { timeout: 120_000 }, () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('a whole team and gift journey at trace level leaves none of its codes and tokens in the log, plain or in an encoded redirectURL', async () => {
    // A team: seats, invitations (one accepted), a shared link.
    const { team, people } = await seedTeam(t, 'logged');
    const secrets = [team.inviteeToken, team.linkToken];
    const joiner = await signInAs(t, 'joiner@example.com');
    const joined = await t.app.inject({
      method: 'POST',
      url: '/v1/team/join',
      headers: { ...sameSite, cookie: joiner.cookie },
      payload: { link: team.linkToken },
    });
    expect(joined.statusCode, joined.body).toBe(200);

    // A gift card mailed to a friend, who opens the mail's link and redeems it.
    const code = await mailedGiftCode(t, people.owner.cookie, 'pal@example.com');
    secrets.push(code, code.replaceAll('-', ''), code.slice('GIFT-'.length));

    // The pages their links open, signed out (the sign-in page keeps where to go) and signed in.
    const pal = await signInAs(t, 'pal@example.com');
    for (const url of [
      `/dashboard/giftcards?redeem=${code}`,
      `/dashboard/team/join?invitation=${team.inviteeToken}`,
      `/dashboard/team/join?link=${team.linkToken}`,
      `/login?redirectURL=${encodeURIComponent(`/dashboard/giftcards?redeem=${code}`)}`,
      `/login?redirectURL=${encodeURIComponent(`/dashboard/team/join?invitation=${team.inviteeToken}`)}`,
    ]) {
      await t.app.inject({ method: 'GET', url });
      await t.app.inject({ method: 'GET', url, headers: { cookie: pal.cookie } });
    }
    const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie }, payload });
    const checked = await post(pal.cookie, '/v1/giftcards/check', { code });
    expect(checked.statusCode, checked.body).toBe(200);
    expect((await post(pal.cookie, '/v1/giftcards/redeem', { code })).statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toMatch(/giftcards\?redeem=\*\*\*/);
    expect(log).toMatch(/redirectURL=%2Fdashboard%2Fteam%2Fjoin%3Finvitation%3D\*\*\*/);
    for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret.slice(0, 8)}…`).toBe(false);
  });
});

describe('[abuse] a link on another site changes nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signedIn = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie } })).statusCode === 200;

  it('case 7: a cross-site navigation to /v1/logout keeps the customer signed in; their own button signs them out', async () => {
    const oli = await signInAs(t, 'oli@example.com');
    const crossSite = await t.app.inject({ method: 'GET', url: '/v1/logout', headers: { cookie: oli.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(303);
    expect(crossSite.headers.location).toBe('/dashboard');
    expect(sessionCookieOf(crossSite.headers['set-cookie'])).toBeUndefined();
    expect(await signedIn(oli.cookie)).toBe(true);

    const own = await t.app.inject({ method: 'GET', url: '/v1/logout', headers: { cookie: oli.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(303);
    expect(own.headers.location).toBe('/');
    expect(await signedIn(oli.cookie)).toBe(false);
  });
});
