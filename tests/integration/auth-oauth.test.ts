import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oauthIdentities, users } from '@/server/db/schema';
import { accountChooserPrompt } from '@/server/providers/oauth/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { startOidcProvider } from './helpers/oidc-provider';
import { sessionCookieOf, signInAs } from './helpers/session';

describe('[auth] Google and Microsoft sign-in (OpenID Connect, against a local provider)', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startOidcProvider>>;
  let microsoft: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    google = await startOidcProvider({ clientId: 'google-client', clientSecret: 'google-secret' });
    microsoft = await startOidcProvider({ clientId: 'ms-client', clientSecret: 'ms-secret' });
    t = await buildTestApp({
      PUBLIC_URL: 'http://localhost:4321',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: google.issuer,
      MICROSOFT_CLIENT_ID: 'ms-client',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      MICROSOFT_ISSUER: microsoft.issuer,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await microsoft.close();
  });

  /** Starts a sign-in as the browser would; returns the provider URL and the state cookie. */
  async function start(provider: 'google' | 'microsoft', query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/v1/oauth/${provider}/login${query}` });
    expect(res.statusCode).toBe(302);
    const stateCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('oauth_state='))!;
    expect(stateCookie).toMatch(/HttpOnly/i);
    return { location: res.headers.location as string, cookie: stateCookie.split(';')[0]! };
  }
  const callback = (url: URL, cookie?: string) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });

  const googleClaims = (sub: string, email: string, extra: object = {}) => ({
    sub,
    email,
    email_verified: true,
    name: 'Grace Hopper',
    picture: 'https://example.com/grace.png',
    ...extra,
  });

  it('signs in with Google: PKCE, state and nonce checked, user created from the profile, sent to redirectURL', async () => {
    const { location, cookie } = await start('google', '?redirectURL=%2Fdashboard%2FmyOrders');
    expect(location.startsWith(`${google.issuer}/authorize?`)).toBe(true);
    const res = await callback(google.approve(location, googleClaims('g-1', 'Grace@Example.com')), cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dashboard/myOrders');
    const session = sessionCookieOf(res.headers['set-cookie'])!;
    const info = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: `session=${session.value}` } });
    expect(info.json().data).toEqual({
      nickName: 'Grace Hopper',
      email: 'grace@example.com',
      avatar: 'https://example.com/grace.png',
      operator: false,
      language: 'us',
      team: null,
    });
  });

  it('starts an account made through a provider in the language of the page the sign-in began on; an existing one keeps its own', async () => {
    const signInFrom = async (lang: string, sub: string, email: string) => {
      const { location, cookie } = await start('google', `?lang=${lang}`);
      const res = await callback(google.approve(location, googleClaims(sub, email)), cookie);
      const session = sessionCookieOf(res.headers['set-cookie'])!;
      return (await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: `session=${session.value}` } })).json().data.language;
    };
    expect(await signInFrom('jp', 'g-jp', 'hanako@example.com')).toBe('jp');
    expect(await signInFrom('fr', 'g-jp', 'hanako@example.com')).toBe('jp');
    // A code that is not a registered language is ignored: the default.
    expect(await signInFrom('xx', 'g-xx', 'nobody@example.com')).toBe('us');
  });

  it('links a Microsoft identity to the user who already has that verified email', async () => {
    const existing = await signInAs(t, 'alan@example.com');
    const { location, cookie } = await start('microsoft');
    const res = await callback(microsoft.approve(location, { sub: 'm-1', email: 'alan@example.com', email_verified: true, name: 'Alan' }), cookie);
    expect(res.headers.location).toBe('/dashboard');
    const identities = await t.app.ctx.database.db.select().from(oauthIdentities).where(eq(oauthIdentities.subject, 'm-1'));
    expect(identities).toEqual([expect.objectContaining({ userId: existing.user.id, provider: 'microsoft' })]);
    expect(await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'alan@example.com'))).toHaveLength(1);
  });

  it('signs the same identity in again without creating another user', async () => {
    for (let i = 0; i < 2; i++) {
      const { location, cookie } = await start('google');
      const res = await callback(google.approve(location, googleClaims('g-2', 'twice@example.com')), cookie);
      expect(res.headers.location).toBe('/dashboard');
    }
    expect(await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'twice@example.com'))).toHaveLength(1);
  });

  it("refuses a callback whose state does not match the browser's cookie", async () => {
    const first = await start('google');
    const second = await start('google');
    const res = await callback(google.approve(first.location, googleClaims('g-3', 'state@example.com')), second.cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?error=state');
    expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses a callback with no state cookie at all (login CSRF)', async () => {
    const { location } = await start('google');
    const res = await callback(google.approve(location, googleClaims('g-4', 'csrf@example.com')));
    expect(res.headers.location).toBe('/login?error=state');
  });

  it('refuses an ID token with the wrong nonce', async () => {
    const { location, cookie } = await start('google');
    google.tamper.nonce = 'not-the-nonce';
    try {
      const res = await callback(google.approve(location, googleClaims('g-5', 'nonce@example.com')), cookie);
      expect(res.headers.location).toBe('/login?error=failed');
      expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
    } finally {
      delete google.tamper.nonce;
    }
  });

  it('lands on the login page with a message when the customer denies consent, and logs what the provider said', async () => {
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    const { location, cookie } = await start('google');
    const denied = google.deny(location);
    denied.searchParams.set('error_description', 'The user said no');
    const res = await callback(denied, cookie);
    expect(res.headers.location).toBe('/login?error=denied');
    expect(warn).toHaveBeenCalledWith(
      { provider: 'google', error: 'access_denied', errorDescription: 'The user said no' },
      'OpenID Connect provider answered an error',
    );
    warn.mockRestore();
  });

  it('sends the account chooser prompt only to Google and Microsoft, not to another issuer', async () => {
    const { location } = await start('google');
    expect(new URL(location).searchParams.has('prompt')).toBe(false);
    expect(accountChooserPrompt('https://accounts.google.com')).toEqual({ prompt: 'select_account' });
    expect(accountChooserPrompt('https://login.microsoftonline.com/common/v2.0')).toEqual({ prompt: 'select_account' });
    expect(accountChooserPrompt(google.issuer)).toEqual({});
  });

  it('refuses an account whose email the provider has not verified', async () => {
    const { location, cookie } = await start('google');
    const res = await callback(google.approve(location, googleClaims('g-6', 'unverified@example.com', { email_verified: false })), cookie);
    expect(res.headers.location).toBe('/login?error=unverified');
  });

  it('refuses an ID token without an email when the provider has no UserInfo endpoint to ask', async () => {
    const { location, cookie } = await start('google');
    const res = await callback(google.approve(location, { sub: 'g-8', name: 'No Email' }), cookie);
    expect(res.headers.location).toBe('/login?error=unverified');
  });

  // Entra ID tokens carry `email_verified` rarely; a tenant-verified domain shows as `xms_edov` once the app asks for it.
  it('refuses a Microsoft work account whose address Microsoft did not confirm, saying to use an email link', async () => {
    const { location, cookie } = await start('microsoft');
    const res = await callback(
      microsoft.approve(location, { sub: 'm-work-1', email: 'ada@contoso.example', tid: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Ada' }),
      cookie,
    );
    expect(res.headers.location).toBe('/login?error=unverifiedWork');
    expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
    expect(await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'ada@contoso.example'))).toHaveLength(0);
  });

  it('signs in a Microsoft work account whose tenant verified the domain (xms_edov)', async () => {
    const { location, cookie } = await start('microsoft');
    const claims = { sub: 'm-work-2', email: 'Grace@Contoso.example', tid: 'a1b2c3d4-0000-4000-8000-000000000001', xms_edov: true, name: 'Grace' };
    const res = await callback(microsoft.approve(location, claims), cookie);
    expect(res.headers.location).toBe('/dashboard');
    expect(await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'grace@contoso.example'))).toHaveLength(1);
  });

  it('takes xms_edov as the string "1" too, as some tenants send it', async () => {
    const { location, cookie } = await start('microsoft');
    const claims = { sub: 'm-work-3', email: 'lin@contoso.example', tid: 'a1b2c3d4-0000-4000-8000-000000000001', xms_edov: '1', name: 'Lin' };
    const res = await callback(microsoft.approve(location, claims), cookie);
    expect(res.headers.location).toBe('/dashboard');
    expect(await t.app.ctx.database.db.select().from(users).where(eq(users.email, 'lin@contoso.example'))).toHaveLength(1);
  });

  it('cannot replay a callback: the flow is used once', async () => {
    const { location, cookie } = await start('google');
    const back = google.approve(location, googleClaims('g-7', 'replay@example.com'));
    expect((await callback(back, cookie)).headers.location).toBe('/dashboard');
    expect((await callback(back, cookie)).headers.location).toBe('/login?error=state');
  });

  it('lists which providers are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/auth/providers' });
    expect(res.json().data).toEqual({ google: true, microsoft: true });
  });
});

describe('[auth] OpenID Connect when the provider is down or not configured', () => {
  it('lands on the login page with "unavailable" when the provider does not answer', async () => {
    const provider = await startOidcProvider({ clientId: 'c', clientSecret: 's' });
    const issuer = provider.issuer;
    await provider.close();
    const t = await buildTestApp({ GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: issuer });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/v1/oauth/google/login?redirectURL=%2Fdashboard' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?error=unavailable&redirectURL=%2Fdashboard');
    } finally {
      await t.close();
    }
  });

  it('reports unconfigured providers, and refuses to start them', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/v1/auth/providers' })).json().data).toEqual({ google: false, microsoft: false });
      const res = await t.app.inject({ method: 'GET', url: '/v1/oauth/microsoft/login' });
      expect(res.headers.location).toBe('/login?error=unconfigured');
      const unknown = await t.app.inject({ method: 'GET', url: '/v1/oauth/facebook/login' });
      expect(unknown.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
