import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

/** How the customer answers the provider's interaction: sign in as an account, or an error the provider sends back. */
type Decision = { accountId: string } | { error: string; error_description: string };

/**
 * A certified OpenID provider (`oidc-provider`) on a local port, configured only as far as a sign-in
 * needs: one confidential client with our redirect URI, the standard claims, signing keys and the
 * accounts a test adds. Its interaction pages are ours and answer without a form: `signIn` plays the
 * browser through authorize, the interaction and the resume, and returns the callback URL the provider
 * sends the browser back to. `configuration` changes anything else (for example `conformIdTokenClaims`).
 */
export async function startReferenceProvider(options: { clientId: string; clientSecret: string; redirectUri: string; configuration?: Configuration }) {
  const accounts = new Map<string, Record<string, unknown>>();
  const decisions = new Map<string, Decision>();
  const userInfoRequests: string[] = [];
  const tamper: { userInfoSubject?: string } = {};
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        // openid-client sends the secret in the body, as the product documents.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    async findAccount(_ctx, sub, token) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      // The provider names the account's subject itself: a tampered UserInfo speaks of another one.
      const subject = token?.kind === 'AccessToken' ? (tamper.userInfoSubject ?? sub) : sub;
      return { accountId: subject, claims: () => ({ ...claims, sub: subject }) };
    },
    features: { devInteractions: { enabled: false } },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'reference-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['reference-provider-cookie-key'] },
    ...options.configuration,
  });
  const callback = provider.callback();

  /** Our interaction page: the test already decided, by the authorization request's `state`. */
  async function interact(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const decision = decisions.get(String(details.params.state));
    if (!decision) throw new Error(`no decision for state ${String(details.params.state)}`);
    if ('error' in decision) return provider.interactionFinished(req, res, decision, { mergeWithLastSubmission: false });
    const grant = new provider.Grant({ accountId: decision.accountId, clientId: options.clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: decision.accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    // `/me` is oidc-provider's UserInfo endpoint (its discovery document names it).
    if (new URL(req.url ?? '/', issuer).pathname === '/me') userInfoRequests.push(req.url ?? '');
    callback(req, res);
  });

  /** Plays the browser from the authorization URL to the provider's redirect back to us, keeping its cookies. */
  async function follow(authorizationUrl: string, decision: Decision): Promise<URL> {
    const state = new URL(authorizationUrl).searchParams.get('state');
    if (!state) throw new Error('the authorization request has no state');
    decisions.set(state, decision);
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.href.startsWith(options.redirectUri)) return url;
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      for (const set of res.headers.getSetCookie()) {
        const [pair = ''] = set.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
      url = new URL(location, url);
    }
    throw new Error('the provider redirected too many times');
  }

  return {
    issuer,
    /** Lets a test make the provider misbehave. */
    tamper,
    /** Paths of the UserInfo requests the provider received. */
    userInfoRequests,
    /** Adds an account the provider knows, with the claims it asserts about it. */
    addAccount(sub: string, claims: Record<string, unknown>) {
      accounts.set(sub, claims);
    },
    /** The callback URL after the customer signs in as `accountId` and consents (or the provider's error redirect). */
    signIn: (authorizationUrl: string, accountId: string) => follow(authorizationUrl, { accountId }),
    /** The callback URL after the interaction ends with the provider's error. */
    refuse: (authorizationUrl: string, error: { error: string; error_description: string }) => follow(authorizationUrl, error),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps its connections open; they would hold the close.
        server.closeAllConnections();
      }),
  };
}
