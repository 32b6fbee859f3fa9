import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { refreshable, refreshBeingMadeColumn } from '../refresh/likeness.js';
import { favoriteNumbers, portraitInfoOf } from './list-orders.js';
import type { OrderInfo } from '../../../shared/contracts/order-info.js';
import { findOwnOrder } from './find-own-order.js';
import { portraitLinkToken } from './portrait-links.js';

/**
 * What the photo selector polls: status, how many portraits exist, the favorites, the progress. One
 * query, as it is asked every few seconds while portraits are made.
 */
export async function getOrderInfo(ctx: Pick<AppContext, 'database' | 'clock'>, userId: string, orderId: string): Promise<OrderInfo> {
  const order = await findOwnOrder(ctx.database.db, userId, orderId, {
    status: orders.status,
    imageGenerated: orders.imageGenerated,
    progress: orders.progress,
    purgedAt: orders.purgedAt,
    refreshOf: orders.refreshOf,
    likenessKeptAt: orders.likenessKeptAt,
    categoryId: orders.categoryId,
    packageId: orders.packageId,
    portraitInfo: orders.portraitInfo,
    favoriteImages: favoriteNumbers,
    refreshBeingMade: refreshBeingMadeColumn,
  });
  const expired = order.purgedAt !== null;
  return {
    status: order.status,
    imageGenerated: expired ? 0 : order.imageGenerated,
    favoriteImages: expired ? [] : order.favoriteImages,
    progress: order.progress,
    expired,
    refreshable: refreshable(order, order.refreshBeingMade),
    portraitInfo: portraitInfoOf(order),
    imageToken: await portraitLinkToken(ctx.database.db, orderId, ctx.clock.now()),
  };
}
