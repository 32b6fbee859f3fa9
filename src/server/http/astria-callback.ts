import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { verifyCallback } from '../providers/generator/astria-callback.js';
import { scheduleGeneration } from '../services/generation/schedule-generation.js';
import { ok } from './envelope.js';

/**
 * Astria calls back when a tune or a prompt is done. The call carries an order-bound secret; it only
 * wakes the order's generation job, which reads the truth from Astria (the body is not trusted).
 */
export async function astriaCallbackRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/providers/astria/callback', { config: { allowCrossSite: true } }, async (request) => {
    const astria = app.ctx.config.generator.astria;
    const query = request.query as Record<string, unknown>;
    if (!astria || app.ctx.config.generator.kind !== 'astria') throw new AppError('NOT_FOUND', 'Astria is not configured on this server');
    if (!verifyCallback(astria.apiKey, query.order, query.secret)) throw new AppError('FORBIDDEN', 'Invalid callback signature');
    await scheduleGeneration(app.ctx, String(query.order));
    return ok({ received: true });
  });
}
