import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../shared/contracts/calls.js';
import { ZGroupDownloadParamsSchema, ZGroupDownloadQuerySchema } from '../../shared/contracts/orders.js';
import { discardCheckout } from '../services/checkout/discard-checkout.js';
import { resumeCheckout } from '../services/checkout/resume-checkout.js';
import { addDownload } from '../services/orders/add-download.js';
import { deleteOrder } from '../services/orders/delete-order.js';
import { groupDownload } from '../services/orders/group-download.js';
import { createRefresh } from '../services/refresh/create-refresh.js';
import { requestRefund } from '../services/refunds/refund-order.js';
import { listOrders } from '../services/orders/list-orders.js';
import { setComment } from '../services/orders/set-comment.js';
import { setFavorites } from '../services/orders/set-favorites.js';
import { requestReplacement } from '../services/replacements/request-replacement.js';
import { ok, parseInput } from './envelope.js';
import { refuseCrossSiteDownload } from './portrait-reply.js';
import { route } from './route.js';
import { signedInUser } from './session.js';

/** My Orders and the photo selector: the list, delete, an unpaid order's payment resumed or discarded, comment, favorites, downloads and the zip. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx.database;

  route(app, CALLS.listOrders, async ({ user }) => ok(await listOrders(db, user.userId, ctx.clock.now())));

  route(app, CALLS.deleteOrder, async ({ input, user }) => {
    await deleteOrder(ctx, { userId: user.userId, orderId: input.orderId });
    return ok(null, 'Order deleted');
  });

  route(app, CALLS.resumeCheckout, async ({ input, user }) => ok(await resumeCheckout(ctx, { userId: user.userId, orderId: input.orderId })));

  route(app, CALLS.discardOrder, async ({ input, user }) => {
    await discardCheckout(ctx, { userId: user.userId, orderId: input.orderId });
    return ok(null, 'Order discarded');
  });

  route(app, CALLS.setComment, async ({ input, user }) => ok(await setComment(db, { userId: user.userId, ...input, now: ctx.clock.now() }), 'Saved comment'));

  route(app, CALLS.createRefresh, async ({ input, user }) => ok(await createRefresh(ctx, { userId: user.userId, ...input })));

  route(app, CALLS.requestRefund, async ({ input, user }) => ok(await requestRefund(ctx, { userId: user.userId, orderId: input.orderId }), 'Refunded'));

  route(app, CALLS.setFavorite, async ({ input, user }) => ok(await setFavorites(db, { userId: user.userId, ...input })));

  route(app, CALLS.replacePortrait, async ({ input, user }) => ok(await requestReplacement(ctx, { userId: user.userId, ...input }), 'Replacing the portrait'));

  route(app, CALLS.addDownloaded, async ({ input, user }) => {
    await addDownload(db, { userId: user.userId, ...input });
    return ok(null, 'Download recorded');
  });

  // A browser navigation; a HEAD must not record downloads, so none is exposed, and another site's link
  // cannot make one.
  app.get('/v1/order/groupDownload/:orderId', { exposeHeadRoute: false, config: { signIn: 'page' } }, async (request, reply) => {
    refuseCrossSiteDownload(request, ctx.config);
    const { userId } = signedInUser(request);
    const { orderId } = parseInput(ZGroupDownloadParamsSchema, request.params);
    const { favorites } = parseInput(ZGroupDownloadQuerySchema, request.query);
    const zip = await groupDownload(ctx, { userId, orderId, favoritesOnly: favorites });
    reply.type('application/zip').header('content-disposition', `attachment; filename="${zip.fileName}"`).header('cache-control', 'private, no-store');
    if (zip.size !== null) reply.header('content-length', zip.size);
    return reply.send(zip.stream);
  });
}
