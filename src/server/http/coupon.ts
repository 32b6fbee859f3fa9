import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../shared/contracts/calls.js';
import { getBetaCoupon } from '../services/checkout/get-beta-coupon.js';
import { ok } from './envelope.js';
import { route } from './route.js';

/** The beta program's seats; public (the landing and beta pages show them to visitors). */
export async function couponRoutes(app: FastifyInstance): Promise<void> {
  route(app, CALLS.betaCoupon, async () => ok(await getBetaCoupon(app.ctx)));
}
