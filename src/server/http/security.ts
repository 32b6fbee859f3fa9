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

/** Headers, the content security policy, the global rate limit and the cross-site request check. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Astro inlines its small island-hydration scripts; Stripe's embedded checkout loads its script and frames.
        scriptSrc: ["'self'", "'unsafe-inline'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'],
        mediaSrc: ["'self'", 'blob:'],
        formAction: ["'self'", 'https://accounts.google.com', 'https://login.microsoftonline.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
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

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.allowCrossSite) return;
    if (isCrossSite(request, config)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused: this call must come from the site itself');
    }
  });
}

function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin !== config.publicUrl && origin !== `${request.protocol}://${request.host}`;
}
