import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, teams } from '../../db/schema.js';
import { refreshable, refreshBeingMadeColumn } from '../refresh/likeness.js';
import { refundBlockOf, refundColumns } from '../refunds/refund-blocks.js';
import { favoriteNumbers, portraitInfoOf } from './list-orders.js';
import type { OrderInfo } from '../../../shared/contracts/order-info.js';
import { findOwnOrder } from './find-own-order.js';
import { portraitLinkToken } from './portrait-links.js';
import { portraitRanking } from './portrait-ranking.js';
import { replacementSummary } from '../replacements/replacement-summary.js';

/**
 * What the photo selector polls: status, how many portraits exist, the favorites, the progress, whether
 * a download would end a refund right. One query, as it is asked every few seconds while portraits are made.
 */
export async function getOrderInfo(ctx: Pick<AppContext, 'database' | 'clock'>, userId: string, orderId: string): Promise<OrderInfo> {
  const now = ctx.clock.now();
  const order = await findOwnOrder(ctx.database.db, userId, orderId, {
    ...refundColumns,
    imageGenerated: orders.imageGenerated,
    imageTotal: orders.imageTotal,
    progress: orders.progress,
    purgedAt: orders.purgedAt,
    refreshOf: orders.refreshOf,
    likenessKeptAt: orders.likenessKeptAt,
    categoryId: orders.categoryId,
    packageId: orders.packageId,
    portraitInfo: orders.portraitInfo,
    favoriteImages: favoriteNumbers,
    refreshBeingMade: refreshBeingMadeColumn,
    teamId: orders.teamId,
    giftCardId: orders.giftCardId,
  });
  const expired = order.purgedAt !== null;
  return {
    status: order.status,
    imageGenerated: expired ? 0 : order.imageGenerated,
    favoriteImages: expired ? [] : order.favoriteImages,
    progress: order.progress,
    expired,
    refundable: guaranteeHolds(order, now),
    refreshable: refreshable(order, order.refreshBeingMade),
    portraitInfo: portraitInfoOf(order),
    imageTotal: order.imageTotal,
    portraits: expired ? [] : await portraitRanking(ctx.database.db, orderId),
    replacements: await replacementSummary(ctx.database.db, { id: orderId, packageId: order.packageId }),
    team: order.teamId ? await teamOf(ctx, order.teamId) : null,
    paidWithGiftCard: order.giftCardId !== null,
    imageToken: await portraitLinkToken(ctx.database.db, orderId, now),
  };
}

/**
 * The refund policy would refund the order now, or once the portraits being made are ready: an order
 * still processing is judged as if delivered, since its first portraits can be downloaded while the
 * rest are made, and such a download counts all the same. (A what-if on the row read, not a status change.)
 */
function guaranteeHolds(order: Parameters<typeof refundBlockOf>[0], now: Date): boolean {
  return refundBlockOf({ ...order, status: order.status === 'processing' ? 'completed' : order.status }, now) === null;
}

/** The team that paid for a member's order, by name (its favorites are what the team's admins see). */
async function teamOf(ctx: Pick<AppContext, 'database'>, teamId: string): Promise<{ name: string } | null> {
  const [team] = await ctx.database.db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return team ?? null;
}
