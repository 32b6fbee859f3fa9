import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError, NOT_SIGNED_IN } from '../errors.js';
import { isOperator } from '../services/auth/operator-role.js';
import { createSession, deleteSessionByToken, resolveSession, type SessionUser } from '../services/auth/sessions.js';

export const SESSION_COOKIE = 'session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved once per request by `currentUser`. */
    sessionUser?: Promise<SessionUser | null>;
    /** Set by the sign-in hook on routes that require it. */
    user?: SessionUser;
  }
  interface FastifyContextConfig {
    /**
     * The route needs a signed-in customer: `api` answers 401 "Please log in to continue" otherwise,
     * `page` (a browser navigation) redirects to the login page, which brings the visitor back.
     */
    signIn?: 'api' | 'page';
  }
}

const cookieOptions = (config: Config) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies });

/** The signed-in user of this request, or null. Slides the session's expiry and refreshes the cookie. */
export function currentUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  request.sessionUser ??= (async () => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const { ctx } = request.server;
    const user = await resolveSession(ctx.database.db, token, ctx.clock.now());
    if (user?.renewed) reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx.config), maxAge: 30 * 24 * 3600 });
    return user;
  })();
  return request.sessionUser;
}

/** The login page, coming back to `url` once signed in. */
export function loginRedirect(url: string): string {
  return `/login?${new URLSearchParams({ redirectURL: url })}`;
}

/**
 * The one sign-in check: every route whose config says `signIn` gets its user here, before its handler
 * runs (and after its body was validated, so a malformed call hears about its body first).
 */
export function registerSignInCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const needed = request.routeOptions.config.signIn;
    if (!needed) return;
    if (needed === 'api') return requireSignIn(request, reply);
    const user = await currentUser(request, reply);
    if (user) {
      request.user = user;
      return;
    }
    return reply.redirect(loginRedirect(request.url), 302);
  });
}

/** The `signIn: 'api'` check, for a route that decides for itself whether it needs a session: 401 "Please log in to continue" without one. */
export async function requireSignIn(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const user = await currentUser(request, reply);
  if (!user) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN);
  request.user = user;
  return user;
}

/** What a route that does not exist answers (`No such call: POST /v1/…`), as the not-found handler does. */
export class NoSuchRoute extends Error {
  override name = 'NoSuchRoute';
}

/**
 * Operator routes: a signed-in operator passes; anyone else gets the unknown route's answer, so the
 * console's calls cannot even be told apart from paths that do not exist.
 */
export async function requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await currentUser(request, reply);
  if (!user || !isOperator(request.server.ctx.config, user.email)) throw new NoSuchRoute();
  request.user = user;
}

/** The user the sign-in hook found; only for routes declared with `signIn`. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Error(`${request.routeOptions.url} reads the user without declaring signIn`);
  return request.user;
}

/** Starts a fresh session for `userId`, ending the one the browser had (no session fixation). */
export async function signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const { ctx } = request.server;
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSessionByToken(ctx.database.db, previous);
  const { token, maxAgeSeconds } = await createSession(ctx.database.db, {
    userId,
    now: ctx.clock.now(),
    userAgent: request.headers['user-agent'],
  });
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx.config), maxAge: maxAgeSeconds });
  request.sessionUser = undefined;
}

/** Ends this browser's session, on the server and in the cookie. */
export async function signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { ctx } = request.server;
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSessionByToken(ctx.database.db, token);
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx.config));
}

export { cookieOptions };
