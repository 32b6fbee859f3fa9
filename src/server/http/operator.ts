import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { AppError } from '../errors.js';
import { listAudit } from '../services/operator/audit.js';
import { getCustomer } from '../services/operator/customer.js';
import {
  changeBetaSeats,
  freeCustomerBetaSeat,
  deleteCustomer,
  extendOrderRetention,
  refundOrderAsOperator,
  resendReadyMail,
  retryOrder,
} from '../services/operator/order-actions.js';
import { getOperatorOrder } from '../services/operator/order-detail.js';
import { getOverview } from '../services/operator/overview.js';
import { searchOrders } from '../services/operator/search-orders.js';
import { findAnyOrder } from '../services/orders/find-own-order.js';
import { openPortraitFile } from '../services/orders/open-portrait.js';
import { sendPortrait } from './portrait-reply.js';
import { ok } from './envelope.js';
import { route } from './route.js';
import { requireOperator, signedInUser } from './session.js';

const ZThumbParams = z.object({ orderId: z.string().max(100), no: z.string().regex(/^\d{1,4}$/) });

/**
 * The operator console's calls. Only operators reach them: for anyone else each answers exactly as a
 * route that does not exist (`route()` with `access: 'operator'`). Every action is confirmed in the
 * console, carried out once per confirmation and written to the audit log.
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const actor = (email: string, requestId: string) => ({ email, requestId });

  route(app, CALLS.operatorOverview, async () => ok(await getOverview(ctx)));
  route(app, CALLS.operatorSearchOrders, async ({ input }) => ok(await searchOrders(ctx.database.db, input)));
  route(app, CALLS.operatorOrder, async ({ input }) => ok(await getOperatorOrder(ctx, input.orderId)));
  route(app, CALLS.operatorCustomer, async ({ input }) => ok(await getCustomer(ctx.database.db, input.email)));
  route(app, CALLS.operatorAudit, async ({ input }) => ok(await listAudit(ctx.database.db, input)));

  route(app, CALLS.operatorRetry, async ({ input, user }) =>
    ok(await retryOrder(ctx, actor(user.email, input.requestId), input.orderId), 'Generation started again'),
  );
  route(app, CALLS.operatorRefund, async ({ input, user }) => ok(await refundOrderAsOperator(ctx, actor(user.email, input.requestId), input), 'Refunded'));
  route(app, CALLS.operatorResendReady, async ({ input, user }) =>
    ok(await resendReadyMail(ctx, actor(user.email, input.requestId), input.orderId), 'Mail sent'),
  );
  route(app, CALLS.operatorExtendRetention, async ({ input, user }) =>
    ok(await extendOrderRetention(ctx, actor(user.email, input.requestId), input.orderId), 'Kept 30 more days'),
  );
  route(app, CALLS.operatorDeleteCustomer, async ({ input, user }) =>
    ok(await deleteCustomer(ctx, actor(user.email, input.requestId), input.email), 'Account deleted'),
  );
  route(app, CALLS.operatorSetBetaSeats, async ({ input, user }) =>
    ok(await changeBetaSeats(ctx, actor(user.email, input.requestId), input.seats), 'Beta seats changed'),
  );
  route(app, CALLS.operatorFreeBetaSeat, async ({ input, user }) =>
    ok(await freeCustomerBetaSeat(ctx, actor(user.email, input.requestId), input.email), 'Beta seat freed'),
  );

  // A portrait's thumbnail for the order page: operators see portraits only this small.
  app.get('/v1/operator/orders/:orderId/thumbs/:no', { onRequest: requireOperator, config: { rateLimit: false } }, async (request, reply) => {
    signedInUser(request);
    const params = ZThumbParams.safeParse(request.params);
    if (!params.success) throw new AppError('NOT_FOUND', 'Photo not found');
    await findAnyOrder(ctx.database.db, params.data.orderId);
    const thumb = await openPortraitFile(ctx, { orderId: params.data.orderId, no: Number(params.data.no), size: 'thumb' });
    return sendPortrait(request, reply, thumb, 'private, max-age=3600');
  });
}
