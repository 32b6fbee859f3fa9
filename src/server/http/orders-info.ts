import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLS } from '../../shared/contracts/calls.js';
import { AppError } from '../errors.js';
import { getOrderInfo } from '../services/orders/get-order-info.js';
import { openLinkedPortrait, openPortrait } from '../services/orders/open-portrait.js';
import { portraitLinkValid } from '../services/orders/portrait-links.js';
import { teamFavoriteLinkValid } from '../services/teams/favorite-thumb.js';
import { UUID_PATTERN } from '../../shared/ids.js';
import { PORTRAIT_SIZES } from '../../shared/orders.js';
import { ok, parseInput } from './envelope.js';
import { refuseCrossSiteDownload, sendPortrait } from './portrait-reply.js';
import { route } from './route.js';
import { requireSignIn } from './session.js';

const ZImageParams = z.object({ orderId: z.string().max(100), n: z.string().regex(/^\d{1,4}$/) });
/** `v` is the portrait's version (see `portraitUrl`): a replaced portrait's address, and so its cache entry, differ. */
const ZImageQuery = z.object({
  size: z.enum(PORTRAIT_SIZES).default('full'),
  t: z.string().max(200).optional(),
  v: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .optional(),
});

/** Order progress for the photo selector, and the portraits themselves (never public URLs). */
export async function orderInfoRoutes(app: FastifyInstance): Promise<void> {
  route(app, CALLS.orderInfo, async ({ input, user }) => ok(await getOrderInfo(app.ctx, user.userId, input.orderId)));

  // A portrait answers its owner's session, or a signed link from the order's info (the gallery's way:
  // no session or order lookup per image). A link that is wrong or expired falls back to the session.
  // The full size is a download, recorded before its bytes go, so a HEAD (which would record one and
  // send nothing) is not exposed.
  app.get('/v1/image/get/:orderId/:n', { exposeHeadRoute: false, config: { rateLimit: false } }, async (request, reply) => {
    const params = ZImageParams.safeParse(request.params);
    const { t: token } = request.query as { t?: unknown };
    const linked =
      params.success &&
      typeof token === 'string' &&
      UUID_PATTERN.test(params.data.orderId) &&
      ((await portraitLinkValid(app.ctx.database.db, params.data.orderId, token, app.ctx.clock.now())) ||
        // A team admin's thumbnail of a member's favourite: that one portrait, small, while it is a favourite.
        ((request.query as { size?: unknown }).size === 'thumb' &&
          (await teamFavoriteLinkValid(app.ctx.database.db, params.data.orderId, Number(params.data.n), token, app.ctx.clock.now()))));
    const user = linked ? null : await requireSignIn(request, reply);
    if (!params.success) throw new AppError('NOT_FOUND', 'Photo not found');
    const { size, v: version = 0 } = parseInput(ZImageQuery, request.query);
    if (size === 'full') refuseCrossSiteDownload(request, app.ctx.config);
    const portrait = user
      ? await openPortrait(app.ctx, { userId: user.userId, orderId: params.data.orderId, no: Number(params.data.n), size })
      : await openLinkedPortrait(app.ctx, { orderId: params.data.orderId, no: Number(params.data.n), size, version });
    return sendPortrait(request, reply, portrait, 'private, max-age=31536000, immutable');
  });
}
