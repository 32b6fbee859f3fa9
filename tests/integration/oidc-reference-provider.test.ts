import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '@/server/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { startReferenceProvider } from './helpers/oidc-reference-provider';
import { sessionCookieOf } from './helpers/session';

const PUBLIC_URL = 'http://localhost:4321';
const TENANT = 'a1b2c3d4-0000-4000-8000-000000000001';

// `oidc-provider` is an OpenID Certified provider: the product's own sign-in code (openid-client, PKCE,
// state, nonce, `iss`) has to agree with it, not with a provider we wrote to match.
describe('[auth] sign-in against a certified OpenID provider (oidc-provider)', () => {
  let t: TestApp;
  // Wired as "google": oidc-provider's defaults, so the ID token carries only `sub` and the email is in UserInfo.
  let standard: Awaited<ReturnType<typeof startReferenceProvider>>;
  // Wired as "microsoft": the ID token carries the scopes' claims, as Entra ID's does with optional claims.
  let entraLike: Awaited<ReturnType<typeof startReferenceProvider>>;

  beforeAll(async () => {
    standard = await startReferenceProvider({
      clientId: 'standard-client',
      clientSecret: 'standard-secret',
      redirectUri: `${PUBLIC_URL}/v1/oauth/google/callback`,
    });
    entraLike = await startReferenceProvider({
      clientId: 'entra-client',
      clientSecret: 'entra-secret',
      redirectUri: `${PUBLIC_URL}/v1/oauth/microsoft/callback`,
      configuration: {
        conformIdTokenClaims: false,
        claims: { openid: ['sub', 'tid', 'xms_edov'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
      },
    });
    t = await buildTestApp({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'standard-client',
      GOOGLE_CLIENT_SECRET: 'standard-secret',
      GOOGLE_ISSUER: standard.issuer,
      MICROSOFT_CLIENT_ID: 'entra-client',
      MICROSOFT_CLIENT_SECRET: 'entra-secret',
      MICROSOFT_ISSUER: entraLike.issuer,
    });
  });
  afterAll(async () => {
    await t?.close();
    await standard?.close();
    await entraLike?.close();
  });

  /** Starts a sign-in as the browser would; returns the provider URL and the state cookie. */
  async function start(provider: 'google' | 'microsoft') {
    const res = await t.app.inject({ method: 'GET', url: `/v1/oauth/${provider}/login` });
    expect(res.statusCode).toBe(302);
    const stateCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('oauth_state='))!;
    return { location: res.headers.location as string, cookie: stateCookie.split(';')[0]! };
  }
  const callback = (url: URL, cookie: string) => t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { cookie } });
  const usersWith = (email: string) => t.app.ctx.database.db.select().from(users).where(eq(users.email, email));

  it("signs in with the provider's defaults, reading the email from UserInfo because the ID token has none", async () => {
    standard.addAccount('std-1', { email: 'Ada@Example.com', email_verified: true, name: 'Ada Lovelace', picture: 'https://example.com/ada.png' });
    const before = standard.userInfoRequests.length;
    const { location, cookie } = await start('google');
    const back = await standard.signIn(location, 'std-1');
    expect(back.searchParams.get('iss')).toBe(standard.issuer);
    const res = await callback(back, cookie);
    expect(res.headers.location).toBe('/dashboard');
    expect(standard.userInfoRequests.length).toBe(before + 1);
    const session = sessionCookieOf(res.headers['set-cookie'])!;
    const info = await t.app.inject({ method: 'GET', url: '/v1/user/info', headers: { cookie: `session=${session.value}` } });
    expect(info.json().data).toEqual({
      nickName: 'Ada Lovelace',
      email: 'ada@example.com',
      avatar: 'https://example.com/ada.png',
      operator: false,
      language: 'us',
      team: null,
    });
  });

  it('refuses an account whose email UserInfo gives as not verified', async () => {
    standard.addAccount('std-2', { email: 'unverified@example.com', email_verified: false, name: 'Nobody' });
    const before = standard.userInfoRequests.length;
    const { location, cookie } = await start('google');
    const res = await callback(await standard.signIn(location, 'std-2'), cookie);
    expect(res.headers.location).toBe('/login?error=unverified');
    expect(standard.userInfoRequests.length).toBe(before + 1);
    expect(await usersWith('unverified@example.com')).toHaveLength(0);
  });

  it('refuses UserInfo that speaks of another subject than the ID token', async () => {
    standard.addAccount('std-3', { email: 'victim@example.com', email_verified: true });
    standard.tamper.userInfoSubject = 'someone-else';
    try {
      const { location, cookie } = await start('google');
      const res = await callback(await standard.signIn(location, 'std-3'), cookie);
      expect(res.headers.location).toBe('/login?error=failed');
      expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
      expect(await usersWith('victim@example.com')).toHaveLength(0);
    } finally {
      delete standard.tamper.userInfoSubject;
    }
  });

  it('signs in when the ID token carries the email, without asking UserInfo', async () => {
    entraLike.addAccount('ms-1', { email: 'grace@example.com', email_verified: true, name: 'Grace' });
    const before = entraLike.userInfoRequests.length;
    const { location, cookie } = await start('microsoft');
    const res = await callback(await entraLike.signIn(location, 'ms-1'), cookie);
    expect(res.headers.location).toBe('/dashboard');
    expect(entraLike.userInfoRequests.length).toBe(before);
    expect(await usersWith('grace@example.com')).toHaveLength(1);
  });

  it('signs in a Microsoft work account whose ID token says xms_edov "1"', async () => {
    entraLike.addAccount('ms-2', { email: 'lin@contoso.example', tid: TENANT, xms_edov: '1', name: 'Lin' });
    const { location, cookie } = await start('microsoft');
    const res = await callback(await entraLike.signIn(location, 'ms-2'), cookie);
    expect(res.headers.location).toBe('/dashboard');
    expect(await usersWith('lin@contoso.example')).toHaveLength(1);
  });

  it('sends no prompt to an issuer other than Google and Microsoft, which would refuse prompt=select_account', async () => {
    standard.addAccount('std-4', { email: 'prompt@example.com', email_verified: true });
    const first = await start('google');
    expect(new URL(first.location).searchParams.has('prompt')).toBe(false);
    expect((await callback(await standard.signIn(first.location, 'std-4'), first.cookie)).headers.location).toBe('/dashboard');

    // The same request with the account chooser prompt: the provider sends the browser back with an error.
    const second = await start('google');
    const withPrompt = new URL(second.location);
    withPrompt.searchParams.set('prompt', 'select_account');
    const refused = await standard.signIn(withPrompt.href, 'std-4');
    expect(refused.searchParams.get('error')).toBe('invalid_request');
    expect(refused.searchParams.get('error_description')).toBe('unsupported prompt value requested');
    expect((await callback(refused, second.cookie)).headers.location).toBe('/login?error=failed');
  });

  it("logs the provider's error and error_description, and lands on the login page", async () => {
    const warn = vi.spyOn(t.app.ctx.log, 'warn');
    try {
      const { location, cookie } = await start('google');
      const back = await standard.refuse(location, { error: 'access_denied', error_description: 'End-User aborted interaction' });
      const res = await callback(back, cookie);
      expect(res.headers.location).toBe('/login?error=denied');
      expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        { provider: 'google', error: 'access_denied', errorDescription: 'End-User aborted interaction' },
        'OpenID Connect provider answered an error',
      );
    } finally {
      warn.mockRestore();
    }
  });
});
