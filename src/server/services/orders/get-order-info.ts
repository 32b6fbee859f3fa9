import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { favorites } from '../../db/schema.js';
import { refreshable, refreshBeingMade } from '../refresh/likeness.js';
import { portraitInfoOf } from './list-orders.js';
import type { OrderInfo } from '../../../shared/contracts/order-info.js';
import { findOwnOrder } from './find-own-order.js';

/** What the photo selector polls: status, how many portraits exist, the favorites, the progress. */
export async function getOrderInfo(ctx: Pick<AppContext, 'database'>, userId: string, orderId: string): Promise<OrderInfo> {
  const order = await findOwnOrder(ctx.database.db, userId, orderId);
  const expired = order.purgedAt !== null;
  const favs = expired ? [] : await ctx.database.db.select({ no: favorites.no }).from(favorites).where(eq(favorites.orderId, order.id));
  return {
    status: order.status,
    imageGenerated: expired ? 0 : order.imageGenerated,
    favoriteImages: favs.map((f) => f.no).sort((a, b) => a - b),
    progress: order.progress,
    expired,
    refreshable: refreshable(order, order.status === 'completed' && (await refreshBeingMade(ctx.database.db, order.id))),
    portraitInfo: portraitInfoOf(order),
  };
}
