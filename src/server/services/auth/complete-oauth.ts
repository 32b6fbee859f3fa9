import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { oauthFlows, oauthIdentities, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { OAuthProfile, OAuthProviderName } from '../../providers/oauth/index.js';
import { findOrCreateUser, type User } from '../accounts/find-or-create-user.js';
import { hashToken } from '../../tokens.js';

export const OAUTH_ERRORS = {
  denied: 'Sign-in was cancelled at the provider.',
  state: 'This sign-in attempt is not valid any more. Please try again.',
  failed: 'We could not verify your sign-in with the provider. Please try again.',
  unverified: 'Your account at the provider has no verified email address. Please sign in with an email link instead.',
  unverifiedWork:
    'Microsoft did not confirm the email address of this work or school account, so it cannot sign you in here yet. Enter the same address below and sign in with an email link instead.',
  unavailable: 'The sign-in provider is not answering right now. Please try again later or use an email link.',
} as const;

/**
 * Finishes an OpenID Connect sign-in: the state must match the browser's cookie and a stored flow
 * (used once), the ID token is verified, and the identity is linked to the user with the same
 * verified email or to a new user.
 */
export async function completeOAuth(
  ctx: Pick<AppContext, 'database' | 'oauth' | 'clock' | 'log'>,
  input: { provider: OAuthProviderName; callbackUrl: URL; cookieState: string | undefined },
): Promise<{ user: User & { created: boolean }; redirectUrl: string | null }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const params = input.callbackUrl.searchParams;
  const oauth = ctx.oauth[input.provider];
  if (!oauth) throw new AppError('NOT_FOUND', OAUTH_ERRORS.failed);
  const state = params.get('state');
  if (!state || !input.cookieState || state !== input.cookieState) throw new AppError('BAD_REQUEST', OAUTH_ERRORS.state);
  const [flow] = await db
    .delete(oauthFlows)
    .where(and(eq(oauthFlows.stateHash, hashToken(state)), eq(oauthFlows.provider, input.provider)))
    .returning();
  if (!flow || flow.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', OAUTH_ERRORS.state);
  if (params.get('error')) {
    // The provider's own words (`error`, `error_description`), for whoever reads the log.
    ctx.log.warn(
      { provider: input.provider, error: params.get('error'), errorDescription: params.get('error_description') },
      'OpenID Connect provider answered an error',
    );
    throw new AppError('BAD_REQUEST', params.get('error') === 'access_denied' ? OAUTH_ERRORS.denied : OAUTH_ERRORS.failed);
  }

  let profile: OAuthProfile;
  try {
    profile = await oauth.complete({ callbackUrl: input.callbackUrl, expectedState: state, expectedNonce: flow.nonce, codeVerifier: flow.codeVerifier });
  } catch (error) {
    const unreachable = error instanceof TypeError || (error as { code?: string }).code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
    ctx.log.warn({ err: error, provider: input.provider }, 'OpenID Connect callback refused');
    throw new AppError(unreachable ? 'UNAVAILABLE' : 'BAD_REQUEST', unreachable ? OAUTH_ERRORS.unavailable : OAUTH_ERRORS.failed);
  }

  const [linked] = await db
    .select({ user: users })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(and(eq(oauthIdentities.provider, input.provider), eq(oauthIdentities.subject, profile.subject)));
  if (linked) {
    await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, linked.user.id));
    return { user: { ...linked.user, created: false }, redirectUrl: flow.redirectUrl };
  }
  // Linking by email is only safe when the provider vouches for the address.
  if (!profile.email || !profile.emailVerified) {
    // Entra ID work and school accounts vouch for an address only when the app asks for `xms_edov`
    // (operations.md); the customer can still sign in with a link sent to that address.
    const workAccount = input.provider === 'microsoft' && profile.email !== null;
    throw new AppError('BAD_REQUEST', workAccount ? OAUTH_ERRORS.unverifiedWork : OAUTH_ERRORS.unverified);
  }
  // A new account starts in the language of the page the sign-in began on; an existing one keeps its own.
  const user = await findOrCreateUser(db, {
    email: profile.email,
    nickName: profile.name ?? undefined,
    avatarUrl: profile.picture,
    language: flow.language,
    now,
  });
  await db.insert(oauthIdentities).values({ userId: user.id, provider: input.provider, subject: profile.subject, email: profile.email }).onConflictDoNothing();
  return { user, redirectUrl: flow.redirectUrl };
}
