import type { FastifyInstance } from 'fastify';
import { processedEvents } from '../db/schema.js';
import { AppError } from '../errors.js';
import { verifyStripeWebhook } from '../providers/payments/stripe.js';
import { settleCheckout } from '../services/checkout/settle-checkout.js';
import { ok } from './envelope.js';

/** The events that may change an order: each only names a session, which is read back and settled. */
const SETTLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

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
    let event;
    try {
      event = verifyStripeWebhook(settings, request.body, signature);
    } catch {
      throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
    }
    if (SETTLING_EVENTS.has(event.type)) {
      const sessionId = (event.data.object as { id: string }).id;
      const outcome = await settleCheckout(app.ctx, sessionId);
      request.log.info({ eventId: event.id, type: event.type, sessionId, outcome }, 'stripe webhook handled');
    }
    await app.ctx.database.db.insert(processedEvents).values({ id: `stripe:${event.id}`, kind: event.type }).onConflictDoNothing();
    return ok({ received: true });
  });
}
