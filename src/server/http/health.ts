import type { FastifyInstance } from 'fastify';
import { getHealth } from '../services/health/get-health.js';
import { ok, fail } from './envelope.js';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/health', { config: { rateLimit: false } }, async (_request, reply) => {
    const health = await getHealth(app.ctx);
    if (health.status === 'up') return ok(health);
    return reply.status(503).send({ ...fail(503, 'A part of the service is down'), data: health });
  });
}
