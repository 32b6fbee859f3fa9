import { and, asc, desc, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites, orders } from '../../db/schema.js';
import { refundBlocksOf } from '../refunds/refund-blocks.js';
import { refreshable } from '../refresh/likeness.js';
import { interruptedCheckout } from './order-lifecycle.js';
import { findCategory } from '../../../shared/catalog/categories.js';
import type { Order, OrderPortraitInfo } from '../../../shared/contracts/orders.js';
import { availablePortraits } from './portrait-numbers.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * What the customer sees of an order's answers. A purged order keeps only its category and package
 * (bookkeeping columns), so My Orders can still say what it was.
 */
export function portraitInfoOf(order: Pick<OrderRow, 'categoryId' | 'packageId' | 'portraitInfo' | 'purgedAt'>): OrderPortraitInfo {
  const name = findCategory(order.categoryId)?.name;
  const answers = order.purgedAt ? {} : (order.portraitInfo ?? {});
  return { ...answers, type: order.categoryId, package: order.packageId, ...(name ? { name } : {}) };
}

/**
 * The caller's orders, newest first, with their favorites. A pending order that never got its payment
 * session is not listed: a crash cut its checkout off, the customer saw the upload fail and tries again.
 */
export async function listOrders(db: Db, userId: string, now: Date): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), not(interruptedCheckout)))
    // The id breaks ties between orders created in the same instant, so the order is stable.
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const favoriteRows = await db
    .select({ orderId: favorites.orderId, no: favorites.no })
    .from(favorites)
    .where(
      inArray(
        favorites.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(favorites.no));
  const favoritesOf = new Map<string, number[]>();
  for (const f of favoriteRows) favoritesOf.set(f.orderId, [...(favoritesOf.get(f.orderId) ?? []), f.no]);
  const refundBlocks = await refundBlocksOf(db, rows, now);
  // One refresh of an order at a time: one being made hides the offer.
  const refreshing = new Set(rows.flatMap((r) => (r.refreshOf && r.status === 'processing' ? [r.refreshOf] : [])));
  return rows.map((order) => {
    const expired = order.purgedAt !== null;
    return {
      id: order.id,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      progress: order.progress,
      comment: order.comment,
      portraitInfo: portraitInfoOf(order),
      imageGenerated: availablePortraits(order),
      favoriteImages: expired ? [] : (favoritesOf.get(order.id) ?? []),
      expired,
      refundBlock: refundBlocks.get(order.id) ?? null,
      refreshable: refreshable(order, refreshing.has(order.id)),
      refreshOf: order.refreshOf,
    };
  });
}
