import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { safeRedirectPath } from '../../shared/redirect.js';
import { AppError } from '../errors.js';
import { completeOAuth, OAUTH_ERRORS } from '../services/auth/complete-oauth.js';
import { redeemLoginLink } from '../services/auth/redeem-login-link.js';
import { sendLoginLink } from '../services/auth/send-login-link.js';
import { OAUTH_FLOW_TTL_MS, startOAuth } from '../services/auth/start-oauth.js';
import { ok, parseInput } from './envelope.js';
import { route } from './route.js';
import { isCrossSite } from './security.js';
import { cookieOptions, signIn, signOut } from './session.js';
import { welcomeReferred } from './referrals.js';

const OAUTH_STATE_COOKIE = 'oauth_state';
const ZProviderParams = z.object({ provider: z.enum(['google', 'microsoft']) });
const ZOAuthLoginQuery = z.object({ redirectURL: z.string().max(2000).optional(), lang: z.string().max(10).optional() });

/** Email sign-in links, OpenID Connect sign-in, logout. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, CALLS.sendLoginLink, async ({ input, request }) => {
    await sendLoginLink(ctx, { ...input, ip: request.ip });
    return ok(null, 'Login link sent');
  });

  route(app, CALLS.verifyLoginLink, async ({ input, request, reply }) => {
    const { user, redirectUrl } = await redeemLoginLink(ctx, { token: input.token, ip: request.ip });
    await signIn(request, reply, user.id);
    await welcomeReferred(request, reply, user);
    return ok({ redirectURL: redirectUrl ?? '/dashboard' });
  });

  // The customer's own logout button navigates here. A link or image on another site must not sign
  // anyone out: such a navigation lands on the dashboard, still signed in.
  app.get('/v1/logout', async (request, reply) => {
    if (isCrossSite(request, ctx.config)) return reply.redirect('/dashboard', 303);
    await signOut(request, reply);
    return reply.redirect('/', 303);
  });

  route(app, CALLS.authProviders, async () => ok({ google: Boolean(ctx.oauth.google), microsoft: Boolean(ctx.oauth.microsoft) }));

  app.get('/v1/oauth/:provider/login', async (request, reply) => {
    const { provider } = parseInput(ZProviderParams, request.params);
    const { redirectURL, lang } = parseInput(ZOAuthLoginQuery, request.query);
    try {
      const { url, state } = await startOAuth(ctx, { provider, redirectURL, language: lang });
      reply.setCookie(OAUTH_STATE_COOKIE, state, { ...cookieOptions(ctx.config), path: '/v1/oauth', maxAge: OAUTH_FLOW_TTL_MS / 1000 });
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.warn({ err: error, provider }, 'could not start OpenID Connect sign-in');
      return reply.redirect(loginWithError(error instanceof AppError && error.status === 404 ? 'unconfigured' : 'unavailable', redirectURL), 303);
    }
  });

  app.get('/v1/oauth/:provider/callback', async (request, reply) => {
    const { provider } = parseInput(ZProviderParams, request.params);
    const callbackUrl = new URL(request.url, ctx.config.publicUrl);
    const cookieState = request.cookies[OAUTH_STATE_COOKIE];
    reply.clearCookie(OAUTH_STATE_COOKIE, { ...cookieOptions(ctx.config), path: '/v1/oauth' });
    try {
      const { user, redirectUrl } = await completeOAuth(ctx, { provider, callbackUrl, cookieState });
      await signIn(request, reply, user.id);
      await welcomeReferred(request, reply, user);
      return reply.redirect(redirectUrl ?? '/dashboard', 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const reason = (Object.keys(OAUTH_ERRORS) as (keyof typeof OAUTH_ERRORS)[]).find((k) => OAUTH_ERRORS[k] === error.message);
      return reply.redirect(loginWithError(reason ?? 'failed'), 303);
    }
  });
}

/** Sign-in problems land on the login page, which shows the matching message. */
function loginWithError(reason: string, redirectURL?: string): string {
  const params = new URLSearchParams({ error: reason });
  const back = safeRedirectPath(redirectURL);
  if (back) params.set('redirectURL', back);
  return `/login?${params}`;
}
