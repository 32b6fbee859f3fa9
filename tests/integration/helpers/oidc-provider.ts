import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  claims: Record<string, unknown>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small but real OpenID Connect provider on a local port: discovery, authorize (consent is given by
 * the test through `approve`), a token endpoint that checks client secret, redirect URI and PKCE, a
 * JWKS, and RS256-signed ID tokens. `tamper` lets a test make the provider misbehave.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const tamper: { nonce?: string } = {};
  let issuer = '';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (basic[0] !== options.clientId || basic[1] !== options.clientSecret) return json(401, { error: 'invalid_client' });
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!pending || pending.redirectUri !== form.get('redirect_uri')) return json(400, { error: 'invalid_grant' });
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== pending.codeChallenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
      const idToken = await new SignJWT({ ...pending.claims, nonce: tamper.nonce ?? pending.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(options.clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    tamper,
    /**
     * Plays the provider's consent screen for an authorization URL our server redirected to: checks
     * the request and returns the callback URL the provider would send the browser back to.
     */
    approve(authorizationUrl: string, claims: Record<string, unknown>): URL {
      const auth = new URL(authorizationUrl);
      const p = auth.searchParams;
      if (p.get('client_id') !== options.clientId) throw new Error('wrong client_id');
      if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) throw new Error('PKCE missing');
      if (!p.get('nonce') || !p.get('state')) throw new Error('nonce or state missing');
      const code = randomBytes(16).toString('hex');
      codes.set(code, {
        clientId: p.get('client_id')!,
        redirectUri: p.get('redirect_uri')!,
        codeChallenge: p.get('code_challenge')!,
        nonce: p.get('nonce')!,
        claims,
      });
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state')!);
      return back;
    },
    /** The callback URL when the customer refuses consent. */
    deny(authorizationUrl: string): URL {
      const p = new URL(authorizationUrl).searchParams;
      const back = new URL(p.get('redirect_uri')!);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', p.get('state')!);
      return back;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
