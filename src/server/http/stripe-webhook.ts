import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { verifyStripeWebhook } from '../providers/payments/stripe.js';
import { handleStripeEvent } from '../services/checkout/handle-stripe-event.js';
import { ok } from './envelope.js';

/**
 * Stripe's webhook: the signature is verified on the raw body; the event only names the session, whose
 * current state is read back from Stripe and settled (fulfilled, failed or released; idempotent).
 */
export async function stripeWebhookRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post('/v1/stripe/webhook', { config: { allowCrossSite: true, rateLimit: false } }, async (request) => {
    const settings = app.ctx.config.stripe;
    if (!settings) throw new AppError('NOT_FOUND', 'Stripe is not configured on this server');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string') throw new AppError('BAD_REQUEST', 'Missing Stripe signature');
    // Only the JSON parser above keeps the raw bytes the signature covers; other types arrive decoded.
    if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json');
    let event: ReturnType<typeof verifyStripeWebhook>;
    try {
      // Stripe's SDK is loaded only on a server with Stripe's keys (createPayments loaded it already).
      const stripe = await import('../providers/payments/stripe.js');
      event = stripe.verifyStripeWebhook(settings, request.body, signature);
    } catch {
      throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
    }
    const settled = await handleStripeEvent(app.ctx, event);
    if (settled) request.log.info({ eventId: event.id, type: event.type, ...settled }, 'stripe webhook handled');
    return ok({ received: true });
  });
}
