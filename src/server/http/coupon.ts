import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZEmptyRequestSchema } from '../../shared/contracts/auth.js';
import { getBetaCoupon } from '../services/checkout/get-beta-coupon.js';
import { ok, parseInput } from './envelope.js';

/** The beta program's seats; public (the landing and beta pages show them to visitors). */
export async function couponRoutes(app: FastifyInstance): Promise<void> {
  const coupon = async (request: FastifyRequest) => {
    if (request.method === 'POST') parseInput(ZEmptyRequestSchema, request.body);
    return ok(await getBetaCoupon(app.ctx));
  };
  app.get('/v1/stripe/coupon', coupon);
  app.post('/v1/stripe/coupon', coupon);
}
