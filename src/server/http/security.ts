import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Server-to-server endpoints (webhooks, provider callbacks) are called cross-site by design. */
    allowCrossSite?: boolean;
  }
}

/** The policy of every page: our own origin, plus the sign-in providers a login form posts to. */
function sitePolicy(config: Config) {
  return {
    defaultSrc: ["'self'"],
    // Astro inlines its small island-hydration scripts.
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'none'"],
    mediaSrc: ["'self'", 'blob:'],
    formAction: ["'self'", 'https://accounts.google.com', 'https://login.microsoftonline.com'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: config.secureCookies ? [] : null,
  };
}

/**
 * The origins Stripe's integration security guide lists, for Stripe.js and for Checkout: scripts and
 * frames from js.stripe.com and its subdomains (Stripe.js loads from several), 3-D Secure frames from
 * hooks.stripe.com, calls to the API and to Checkout, images from any stripe.com host, and Google Maps
 * for address autocomplete.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com', 'https://maps.googleapis.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connectSrc: ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://maps.googleapis.com'],
  imgSrc: ['https://*.stripe.com'],
} as const;

/**
 * Helmet's settings for the pages that mount the embedded checkout (the dashboard): the site's policy
 * plus Stripe's origins, and a Cross-Origin-Opener-Policy that lets the wallet and Link pop-ups talk back
 * to the page (`same-origin` would cut them off).
 */
export function checkoutPageHelmet(config: Config) {
  const site = sitePolicy(config);
  return {
    contentSecurityPolicy: {
      directives: {
        ...site,
        scriptSrc: [...site.scriptSrc, ...STRIPE_CSP.scriptSrc],
        frameSrc: [...STRIPE_CSP.frameSrc],
        connectSrc: [...site.connectSrc, ...STRIPE_CSP.connectSrc],
        imgSrc: [...site.imgSrc, ...STRIPE_CSP.imgSrc],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  };
}

const SUBRESOURCE = /^(?:application\/javascript|text\/javascript|text\/css|image\/(?!svg)|font\/|audio\/|video\/)/;
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Headers, the content security policy, the global rate limit and the cross-site request check. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: sitePolicy(config) },
    // Stripe's frames are cross-origin and do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });

  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) =>
      new AppError('TOO_MANY_REQUESTS', `Too many requests; please slow down and try again in ${Math.ceil(context.ttl / 1000)} seconds`),
  });

  // Scripts, styles, images and fonts are never documents: the policies that only a document obeys
  // (about 0.9 KB, most of it the content security policy) are left off them, which a page's dozen
  // subresources feel on a slow phone link. Pages, SVG (which can be opened as a document) and API
  // answers keep every header.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (SUBRESOURCE.test(String(reply.getHeader('content-type') ?? ''))) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossSite) return;
    if (isCrossSite(request, config)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused: this call must come from the site itself');
    }
  });
}

/**
 * Whether the browser says this request comes from another site: Fetch Metadata (`Sec-Fetch-Site`), or
 * an `Origin` that is not ours. A request that says neither (curl, an old browser) is taken as the
 * customer's own. A GET that changes state (logout, a download) asks this too.
 */
export function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin !== config.publicUrl && origin !== `${request.protocol}://${request.host}`;
}
