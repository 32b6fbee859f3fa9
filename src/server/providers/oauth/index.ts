import type * as OpenId from 'openid-client';

/** openid-client loads with the first sign-in through a provider: a server without providers never holds it. */
const openId = () => import('openid-client');
import type { Config } from '../../config.js';
import { canonicalEmail } from '../../../shared/email.js';

export type OAuthProviderName = 'google' | 'microsoft';

/** What we keep of a provider's verified ID token (and of its UserInfo, when the token names no email). */
export interface OAuthProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** One OpenID Connect provider: where to send the browser, and how to turn its callback into a profile. */
export interface OAuthProvider {
  name: OAuthProviderName;
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /**
   * Exchanges the code (PKCE) and verifies the ID token's signature, issuer, audience, expiry and nonce;
   * reads UserInfo when the token carries no email.
   */
  complete(input: { callbackUrl: URL; expectedState: string; expectedNonce: string; codeVerifier: string }): Promise<OAuthProfile>;
}

export type OAuthProviders = Partial<Record<OAuthProviderName, OAuthProvider>>;

type ProviderSettings = NonNullable<Config['oauth']['google']>;

/**
 * Microsoft only vouches for an email address in some cases: personal accounts (the consumer tenant)
 * and tenants that verify domains (`xms_edov`). Google says so in `email_verified`.
 */
const MSA_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
export function isEmailVerified(name: OAuthProviderName, claims: Record<string, unknown>): boolean {
  if (name === 'google') return claims.email_verified === true;
  // Entra ID sends the optional claim as a boolean or, in some tenants' tokens, as the string "1".
  const domainVerified = claims.xms_edov === true || claims.xms_edov === '1';
  return claims.email_verified === true || domainVerified || claims.tid === MSA_TENANT;
}

/** Issuers that know `prompt=select_account`; a standard provider that does not refuses the whole sign-in. */
const ACCOUNT_CHOOSER_HOSTS = new Set(['accounts.google.com', 'login.microsoftonline.com']);

/** Let the customer pick among their Google or Microsoft accounts; other issuers get no `prompt`. */
export function accountChooserPrompt(issuer: string): { prompt?: 'select_account' } {
  return ACCOUNT_CHOOSER_HOSTS.has(new URL(issuer).hostname) ? { prompt: 'select_account' } : {};
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * A standard provider puts the email only in UserInfo unless the client asks for it in the ID token
 * (Google and Entra ID put it in the token). Without an email in the token, UserInfo fills in what the
 * token lacks; openid-client checks that its `sub` is the token's, so it cannot describe someone else.
 */
async function withUserInfo(
  client: typeof OpenId,
  configuration: OpenId.Configuration,
  accessToken: string,
  idToken: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (str(idToken.email) || !configuration.serverMetadata().userinfo_endpoint) return idToken;
  const userInfo = await client.fetchUserInfo(configuration, accessToken, String(idToken.sub));
  return { ...userInfo, ...idToken, email: userInfo.email, email_verified: userInfo.email_verified };
}

function createProvider(name: OAuthProviderName, settings: ProviderSettings): OAuthProvider {
  let configuration: Promise<OpenId.Configuration> | undefined;
  // Discovery is fetched on first use and cached; a failure is not cached, so the next sign-in retries.
  const discover = () => {
    configuration ??= openId()
      .then((client) =>
        client.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          undefined,
          settings.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : undefined,
        ),
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
  return {
    name,
    async authorizationUrl({ redirectUri, state, nonce, codeChallenge }) {
      const client = await openId();
      return client.buildAuthorizationUrl(await discover(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        ...accountChooserPrompt(settings.issuer),
      });
    },
    async complete({ callbackUrl, expectedState, expectedNonce, codeVerifier }) {
      const client = await openId();
      const tokens = await client.authorizationCodeGrant(await discover(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState,
        expectedNonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error(`${name} answered the code exchange without an ID token`);
      const claims = await withUserInfo(client, await discover(), tokens.access_token, idToken as Record<string, unknown>);
      return {
        subject: String(claims.sub),
        email: str(claims.email) ? canonicalEmail(str(claims.email) ?? '') : null,
        emailVerified: isEmailVerified(name, claims),
        name: str(claims.name) ?? str(claims.given_name),
        picture: str(claims.picture),
      };
    },
  };
}

/** The providers that are configured; the login page shows the others disabled. */
export function createOAuthProviders(config: Config['oauth']): OAuthProviders {
  const providers: OAuthProviders = {};
  if (config.google) providers.google = createProvider('google', config.google);
  if (config.microsoft) providers.microsoft = createProvider('microsoft', config.microsoft);
  return providers;
}
