import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { buildTestApp, sameSite, type TestApp } from './helpers/app';
import { manualClock } from './helpers/clock';
import { mailedToken, signInByLink, verifyLink } from './helpers/login-link';
import { startOidcProvider } from './helpers/oidc-provider';
import { seedCompletedOrder } from './helpers/seed';
import { sessionCookieOf, signInAs } from './helpers/session';

type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

const HOUR = 60 * 60 * 1000;
const THIRTY_DAYS_S = 30 * 24 * 3600;

/** An app with Google sign-in configured against a local provider (Microsoft left unconfigured). */
async function appWithGoogle(publicUrl: string, clock = manualClock()) {
  const google = await startOidcProvider({ clientId: 'google-client', clientSecret: 'google-secret' });
  const t = await buildTestApp(
    { PUBLIC_URL: publicUrl, GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER: google.issuer },
    { clock },
  );
  return { t, google, clock };
}

/** Signs in with Google as a browser would: start, consent at the provider, callback (optionally holding `cookie`). */
async function signInWithGoogle(t: TestApp, google: OidcProvider, sub: string, { redirectURL, cookie }: { redirectURL?: string; cookie?: string } = {}) {
  const start = await t.app.inject({
    method: 'GET',
    url: `/v1/oauth/google/login${redirectURL === undefined ? '' : `?${new URLSearchParams({ redirectURL })}`}`,
  });
  expect(start.statusCode).toBe(302);
  const state = ([] as string[])
    .concat(start.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('oauth_state='))!
    .split(';')[0]!;
  const back = google.approve(start.headers.location as string, { sub, email: `${sub}@example.com`, email_verified: true, name: sub });
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: [state, cookie].filter(Boolean).join('; ') } });
}

const userInfo = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: `session=${token}` } });

describe.each([
  ['http://localhost:4321', false],
  ['https://portraits.example.com', true],
])('[sessions] the session cookie with PUBLIC_URL %s', (publicUrl, secure) => {
  let t: TestApp;
  let google: OidcProvider;
  let clock: ReturnType<typeof manualClock>;
  beforeAll(async () => {
    ({ t, google, clock } = await appWithGoogle(publicUrl));
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  /** HttpOnly, SameSite=Lax, Path=/, host-only, 30 days, and Secure exactly when the site is https. */
  function expectSessionCookie(setCookie: string | string[] | undefined) {
    const cookie = sessionCookieOf(setCookie)!;
    expect(cookie).toBeDefined();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${THIRTY_DAYS_S}`]));
    expect(cookie.attributes.some((a) => a.startsWith('domain='))).toBe(false);
    if (secure) expect(cookie.attributes).toContain('secure');
    else expect(cookie.attributes).not.toContain('secure');
    return cookie;
  }

  it('is set with the right flags when signing in by emailed link', async () => {
    const res = await verifyLink(t, await mailedToken(t, 'flags-link@example.com'));
    expect(res.statusCode).toBe(200);
    const cookie = expectSessionCookie(res.headers['set-cookie']);
    expect((await userInfo(t, cookie.value)).json().data.email).toBe('flags-link@example.com');
  });

  it('is set with the right flags when signing in with Google', async () => {
    const res = await signInWithGoogle(t, google, 'flags-google');
    expect(res.statusCode).toBe(303);
    const cookie = expectSessionCookie(res.headers['set-cookie']);
    expect((await userInfo(t, cookie.value)).json().data.email).toBe('flags-google@example.com');
  });

  it('is set again, same value and flags, when an active session slides forward', async () => {
    const token = await signInByLink(t, 'flags-slide@example.com');
    expect(sessionCookieOf((await userInfo(t, token)).headers['set-cookie'])).toBeUndefined();
    clock.advance(2 * HOUR);
    const res = await userInfo(t, token);
    expect(res.statusCode).toBe(200);
    expect(expectSessionCookie(res.headers['set-cookie']).value).toBe(token);
  });

  it('is cleared on logout with the same path and flags, so the browser really drops it', async () => {
    const token = await signInByLink(t, 'flags-logout@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/v1/logout', headers: { cookie: `session=${token}` } });
    const cookie = sessionCookieOf(res.headers['set-cookie'])!;
    expect(cookie.value).toBe('');
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=0']));
    if (secure) expect(cookie.attributes).toContain('secure');
    else expect(cookie.attributes).not.toContain('secure');
  });
});

describe('[sessions] sign-in, sign-out and redirects', () => {
  const publicUrl = 'http://localhost:4321';
  let t: TestApp;
  let google: OidcProvider;
  let clock: ReturnType<typeof manualClock>;
  beforeAll(async () => {
    ({ t, google, clock } = await appWithGoogle(publicUrl));
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  describe('no session fixation: a cookie the browser had before signing in is never kept', () => {
    it("replaces another customer's session cookie on sign-in by link", async () => {
      const bob = await signInAs(t, 'fix-bob@example.com');
      const res = await verifyLink(t, await mailedToken(t, 'fix-ada@example.com'), { cookie: bob.cookie });
      const fresh = sessionCookieOf(res.headers['set-cookie'])!.value;
      expect(fresh).not.toBe(bob.token);
      expect((await userInfo(t, fresh)).json().data.email).toBe('fix-ada@example.com');
      // The old value never becomes Ada: the session this browser had is ended.
      expect((await userInfo(t, bob.token)).statusCode).toBe(401);
    });

    it('ignores a forged (planted) cookie value on sign-in by link', async () => {
      const planted = randomBytes(32).toString('base64url');
      const res = await verifyLink(t, await mailedToken(t, 'fix-forged@example.com'), { cookie: `session=${planted}` });
      const fresh = sessionCookieOf(res.headers['set-cookie'])!.value;
      expect(fresh).not.toBe(planted);
      expect((await userInfo(t, planted)).statusCode).toBe(401);
      expect((await userInfo(t, fresh)).json().data.email).toBe('fix-forged@example.com');
    });

    it("replaces another customer's or a planted cookie on sign-in with Google", async () => {
      const bob = await signInAs(t, 'fix-bob-2@example.com');
      const planted = randomBytes(32).toString('base64url');
      for (const [sub, before] of [
        ['fix-google-1', bob.token],
        ['fix-google-2', planted],
      ] as const) {
        const res = await signInWithGoogle(t, google, sub, { cookie: `session=${before}` });
        const fresh = sessionCookieOf(res.headers['set-cookie'])!.value;
        expect(fresh).not.toBe(before);
        expect((await userInfo(t, fresh)).json().data.email).toBe(`${sub}@example.com`);
        expect((await userInfo(t, before)).statusCode).toBe(401);
      }
    });
  });

  it('ends every session of an account when it is deleted from one device', async () => {
    const laptop = await signInByLink(t, 'two-devices@example.com');
    const phone = await signInByLink(t, 'two-devices@example.com');
    expect(laptop).not.toBe(phone);
    const me = (await t.app.inject({ method: 'POST', url: '/v1/order/list', headers: { ...sameSite, cookie: `session=${phone}` }, payload: {} })).json();
    expect(me.code).toBe(0);
    const [user] = await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'two-devices@example.com'));
    await seedCompletedOrder(t, user!.id);

    const deleted = await t.app.inject({ method: 'POST', url: '/v1/user/delete', headers: { ...sameSite, cookie: `session=${laptop}` }, payload: {} });
    expect(deleted.statusCode).toBe(200);
    expect(sessionCookieOf(deleted.headers['set-cookie'])!.attributes).toContain('max-age=0');

    for (const token of [phone, laptop]) {
      expect((await userInfo(t, token)).statusCode).toBe(401);
      const list = await t.app.inject({ method: 'POST', url: '/v1/order/list', headers: { ...sameSite, cookie: `session=${token}` }, payload: {} });
      expect(list.statusCode).toBe(401);
      expect(list.json().message).toMatch(/log in/);
    }
  });

  describe('redirectURL never leads off the site', () => {
    /** Attempts to leave the site: absolute, protocol-relative, backslashes, schemes, encodings, dot segments. */
    const ATTEMPTS = [
      '//evil.example',
      '///evil.example',
      'https://evil.example/steal',
      'HTTPS://evil.example',
      'http:evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '%2F%2Fevil.example',
      '%2f%2fevil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/\t/evil.example',
      ' //evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/%2e%2e//evil.example',
      '/dashboard/..//evil.example',
      '/dashboard/../..//evil.example',
      '/dashboard/%2e%2e//evil.example',
    ];

    /** A same-site path: starts with one slash, and resolves on this origin however a browser reads it. */
    function expectSameSitePath(value: unknown) {
      expect(typeof value).toBe('string');
      const path = value as string;
      expect(path).toMatch(/^\/(?![/\\])/);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is that no control character got through
      expect(path).not.toMatch(/[\u0000-\u001f\u007f\\]/);
      expect(new URL(path, publicUrl).origin).toBe(publicUrl);
    }

    it.each(ATTEMPTS)('login link send and verify: %s', async (attempt) => {
      const res = await verifyLink(t, await mailedToken(t, `redirect-${ATTEMPTS.indexOf(attempt)}@example.com`, { redirectURL: attempt }));
      expect(res.statusCode).toBe(200);
      expectSameSitePath(res.json().data.redirectURL);
    });

    it.each(ATTEMPTS)('Google sign-in start and callback: %s', async (attempt) => {
      const res = await signInWithGoogle(t, google, `redirect-google-${ATTEMPTS.indexOf(attempt)}`, { redirectURL: attempt });
      expect(res.statusCode).toBe(303);
      expectSameSitePath(res.headers.location);
    });

    it.each(ATTEMPTS)('an unconfigured provider sends back to the login page only: %s', async (attempt) => {
      const res = await t.app.inject({ method: 'GET', url: `/v1/oauth/microsoft/login?${new URLSearchParams({ redirectURL: attempt })}` });
      expect(res.statusCode).toBe(303);
      const location = new URL(res.headers.location as string, publicUrl);
      expectSameSitePath(res.headers.location);
      expect(location.pathname).toBe('/login');
      const back = location.searchParams.get('redirectURL');
      if (back !== null) expectSameSitePath(back);
    });

    it('keeps a genuine same-site page through every path', async () => {
      const page = '/dashboard/photoSelector/abc?tab=favorites';
      const link = await verifyLink(t, await mailedToken(t, 'redirect-good@example.com', { redirectURL: page }));
      expect(link.json().data.redirectURL).toBe(page);
      expect((await signInWithGoogle(t, google, 'redirect-good', { redirectURL: page })).headers.location).toBe(page);
    });

    it.each([
      '/dashboard//evil.example',
      '/dashboard/%2F%2Fevil.example',
      '/dashboard/%5C%5Cevil.example',
      '/dashboard/%2e%2e%2F%2Fevil.example',
      '/dashboard?next=//evil.example',
      '/dashboard?redirectURL=https://evil.example',
      '/v1/order/groupDownload/..%2F..%2F%2Fevil.example',
    ])("the signed-out redirect of %s, carried through the login page's sign-in, stays on the site", async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string, publicUrl);
      expectSameSitePath(res.headers.location);
      expect(location.pathname).toBe('/login');
      const carried = location.searchParams.get('redirectURL')!;
      // The login page sends what it carries with the link request; the server decides where the link lands.
      const signedIn = await verifyLink(t, await mailedToken(t, `carried-${randomBytes(4).toString('hex')}@example.com`, { redirectURL: carried }));
      expectSameSitePath(signedIn.json().data.redirectURL);
    });

    it.each(['/dashboard/..//evil.example', '/dashboard/%2e%2e/%2e%2e//evil.example'])(
      'does not treat %s as a dashboard page (no redirect at all)',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers.location).toBeUndefined();
      },
    );
  });

  describe('guessing sign-in links is throttled per client address', () => {
    const wrong = () => randomBytes(32).toString('base64url');

    it('answers 429 after 20 refused tokens, then refuses even a right token without spending it', async () => {
      const ip = '10.66.0.1';
      const right = await mailedToken(t, 'guess-target@example.com');
      const spent = await mailedToken(t, 'guess-spent@example.com');
      expect((await verifyLink(t, spent, { ip: '10.66.9.9' })).statusCode).toBe(200);

      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await verifyLink(t, wrong(), { ip })).statusCode);
      for (let i = 0; i < 10; i++) statuses.push((await verifyLink(t, spent, { ip })).statusCode);
      expect(statuses).toEqual([...Array(10).fill(400), ...Array(10).fill(410)]);

      const blocked = await verifyLink(t, wrong(), { ip });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: 429, message: expect.stringMatching(/^Too many sign-in attempts.*Please wait \d+ minutes/), data: null });

      // Past the limit the answer does not depend on the token: a right one is refused the same way.
      const rightButBlocked = await verifyLink(t, right, { ip });
      expect(rightButBlocked.statusCode).toBe(429);
      expect(rightButBlocked.json().message).toBe(blocked.json().message);
      expect(sessionCookieOf(rightButBlocked.headers['set-cookie'])).toBeUndefined();

      // The refusal did not spend the link: the customer can still use it from another network.
      const elsewhere = await verifyLink(t, right, { ip: '10.66.0.2' });
      expect(elsewhere.statusCode).toBe(200);
      expect((await userInfo(t, sessionCookieOf(elsewhere.headers['set-cookie'])!.value)).json().data.email).toBe('guess-target@example.com');
    });

    it('lets the address try again once the hour has passed', async () => {
      const ip = '10.66.1.1';
      for (let i = 0; i < 20; i++) await verifyLink(t, wrong(), { ip });
      expect((await verifyLink(t, wrong(), { ip })).statusCode).toBe(429);
      clock.advance(HOUR + 1000);
      expect((await verifyLink(t, wrong(), { ip })).statusCode).toBe(400);
      expect((await verifyLink(t, await mailedToken(t, 'guess-later@example.com'), { ip })).statusCode).toBe(200);
    });

    it('does not count successful sign-ins: a busy shared address keeps signing people in', async () => {
      const ip = '10.66.2.1';
      for (let i = 0; i < 25; i++) {
        expect((await verifyLink(t, await mailedToken(t, `office-${i}@example.com`), { ip })).statusCode).toBe(200);
      }
      expect((await verifyLink(t, wrong(), { ip })).statusCode).toBe(400);
    });

    it('cannot be slipped past with parallel guesses', async () => {
      const ip = '10.66.3.1';
      const statuses = await Promise.all(Array.from({ length: 30 }, () => verifyLink(t, wrong(), { ip }).then((r) => r.statusCode)));
      expect(statuses.filter((s) => s === 400)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    });
  });
});
