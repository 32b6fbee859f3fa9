import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { AppError } from '../errors.js';
import { getOrderInfo } from '../services/orders/get-order-info.js';
import { openPortrait } from '../services/orders/open-portrait.js';
import { ok, parseInput } from './envelope.js';
import { sendPortrait } from './portrait-reply.js';
import { route } from './route.js';
import { signedInUser } from './session.js';

const ZImageParams = z.object({ orderId: z.string().max(100), n: z.string().regex(/^\d{1,4}$/) });
const ZImageQuery = z.object({ size: z.enum(['full', 'thumb']).default('full') });

/** Order progress for the photo selector, and the portraits themselves (never public URLs). */
export async function orderInfoRoutes(app: FastifyInstance): Promise<void> {
  route(app, CALLS.orderInfo, async ({ input, user }) => ok(await getOrderInfo(app.ctx, user.userId, input.orderId)));

  app.get('/v1/image/get/:orderId/:n', { config: { rateLimit: false, signIn: 'api' } }, async (request, reply) => {
    const user = signedInUser(request);
    const params = ZImageParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', 'Photo not found');
    const { size } = parseInput(ZImageQuery, request.query);
    const portrait = await openPortrait(app.ctx, { userId: user.userId, orderId: params.data.orderId, no: Number(params.data.n), size });
    return sendPortrait(request, reply, portrait, 'private, max-age=31536000, immutable');
  });
}
