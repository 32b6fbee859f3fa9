import type { AppContext } from '../../context.js';
import { oauthFlows } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { OAuthProviderName } from '../../providers/oauth/index.js';
import { isBundledLanguage } from '../../../shared/languages.js';
import { safeRedirectPath } from '../../../shared/redirect.js';
import { hashToken, newToken } from '../../tokens.js';

/** How long a visitor may take at the provider's consent screen. */
export const OAUTH_FLOW_TTL_MS = 10 * 60 * 1000;

export function oauthCallbackUrl(publicUrl: string, provider: OAuthProviderName): string {
  return `${publicUrl}/v1/oauth/${provider}/callback`;
}

/**
 * Begins an authorization code flow with PKCE, state and nonce. Returns the provider URL to send the
 * browser to and the state for the browser's cookie; the verifier and nonce stay on the server.
 */
export async function startOAuth(
  ctx: Pick<AppContext, 'database' | 'oauth' | 'clock' | 'config'>,
  { provider, redirectURL, language }: { provider: OAuthProviderName; redirectURL?: string; language?: string },
): Promise<{ url: URL; state: string }> {
  const oauth = ctx.oauth[provider];
  if (!oauth) throw new AppError('NOT_FOUND', `Sign-in with ${provider === 'google' ? 'Google' : 'Microsoft'} is not configured`);
  // Loaded with the first sign-in through a provider, as the provider's own code is.
  const client = await import('openid-client');
  const now = ctx.clock.now();
  const state = newToken();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await ctx.database.db.insert(oauthFlows).values({
    stateHash: hashToken(state),
    provider,
    codeVerifier,
    nonce,
    redirectUrl: safeRedirectPath(redirectURL),
    language: isBundledLanguage(language) ? language : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_FLOW_TTL_MS),
  });
  const url = await oauth.authorizationUrl({
    redirectUri: oauthCallbackUrl(ctx.config.publicUrl, provider),
    state,
    nonce,
    codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier),
  });
  return { url, state };
}
