import type { FastifyInstance } from 'fastify';
import {
  ZAddDownloadedRequestSchema,
  ZDeleteOrderRequestSchema,
  ZGroupDownloadParamsSchema,
  ZGroupDownloadQuerySchema,
  ZListOrdersRequestSchema,
  ZSetCommentRequestSchema,
  ZSetFavoriteRequestSchema,
} from '../../shared/contracts/orders.js';
import { addDownload } from '../services/orders/add-download.js';
import { deleteOrder } from '../services/orders/delete-order.js';
import { groupDownload } from '../services/orders/group-download.js';
import { listOrders } from '../services/orders/list-orders.js';
import { setComment } from '../services/orders/set-comment.js';
import { setFavorites } from '../services/orders/set-favorites.js';
import { ok, parseInput } from './envelope.js';
import { currentUser, requireUser } from './session.js';

/** My Orders and the photo selector: the list, delete, comment, favorites, downloads and the zip. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { db } = ctx.database;

  app.post('/v1/order/list', async (request, reply) => {
    parseInput(ZListOrdersRequestSchema, request.body);
    const user = await requireUser(request, reply);
    return ok(await listOrders(db, user.userId));
  });

  app.post('/v1/order/delete', async (request, reply) => {
    const { orderId } = parseInput(ZDeleteOrderRequestSchema, request.body);
    const user = await requireUser(request, reply);
    await deleteOrder(ctx, { userId: user.userId, orderId });
    return ok(null, 'Order deleted');
  });

  app.post('/v1/order/setComment', async (request, reply) => {
    const { orderId, comment } = parseInput(ZSetCommentRequestSchema, request.body);
    const user = await requireUser(request, reply);
    return ok(await setComment(db, { userId: user.userId, orderId, comment, now: ctx.clock.now() }), 'Saved comment');
  });

  app.post('/v1/order/setFavorite', async (request, reply) => {
    const { orderId, noList } = parseInput(ZSetFavoriteRequestSchema, request.body);
    const user = await requireUser(request, reply);
    return ok(await setFavorites(db, { userId: user.userId, orderId, noList }));
  });

  app.post('/v1/order/addDownloaded', async (request, reply) => {
    const { orderId, no } = parseInput(ZAddDownloadedRequestSchema, request.body);
    const user = await requireUser(request, reply);
    await addDownload(db, { userId: user.userId, orderId, no });
    return ok(null, 'Download recorded');
  });

  // A browser navigation; a HEAD must not record downloads, so none is exposed.
  app.get('/v1/order/groupDownload/:orderId', { exposeHeadRoute: false }, async (request, reply) => {
    const user = await currentUser(request, reply);
    if (!user) {
      // Signed out: sign in first and come straight back, as the dashboard pages do.
      return reply.redirect(`/login?${new URLSearchParams({ redirectURL: request.url })}`, 302);
    }
    const { orderId } = parseInput(ZGroupDownloadParamsSchema, request.params);
    const { favorites } = parseInput(ZGroupDownloadQuerySchema, request.query);
    const zip = await groupDownload(ctx, { userId: user.userId, orderId, favoritesOnly: favorites });
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .header('cache-control', 'private, no-store');
    if (zip.size !== null) reply.header('content-length', zip.size);
    return reply.send(zip.stream);
  });
}
