import { and, desc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { refundBlockOf, refundColumns } from '../refunds/refund-blocks.js';
import { refreshable } from '../refresh/likeness.js';
import { interruptedCheckout, notDeleting } from './order-lifecycle.js';
import { findCategory } from '../../../shared/catalog/categories.js';
import type { Order, OrderPortraitInfo } from '../../../shared/contracts/orders.js';
import { availablePortraits } from './portrait-numbers.js';
import { CHECKOUT_SESSION_TTL_MS } from '../../providers/payments/index.js';

/** The last four digits of the card that paid the order, as a column of a select on `orders` (see `downloadCount`). */
const paidCardLast4 = sql<string | null>`(select payments.card_last4 from payments where payments.order_id = orders.id limit 1)`;

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

/** The order's favorite portrait numbers in ascending order, as a column of a select on `orders` (see `downloadCount`). */
export const favoriteNumbers = sql<
  number[]
>`coalesce((select array_agg(favorites.no order by favorites.no) from favorites where favorites.order_id = orders.id), '{}')`;

/**
 * The caller's orders, newest first, with their favorites. A pending order that never got its payment
 * session is not listed: a crash cut its checkout off, the customer saw the upload fail and tries again.
 */
export async function listOrders(db: Db, userId: string, now: Date): Promise<Order[]> {
  // One query, of the columns the list shows or its rules read (a whole row parses three times as long);
  // the favorites and the download count come as columns, not as round trips of their own.
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      progress: orders.progress,
      comment: orders.comment,
      categoryId: orders.categoryId,
      packageId: orders.packageId,
      portraitInfo: orders.portraitInfo,
      imageGenerated: orders.imageGenerated,
      purgedAt: orders.purgedAt,
      refreshOf: orders.refreshOf,
      likenessKeptAt: orders.likenessKeptAt,
      currency: orders.currency,
      ...refundColumns,
      cardLast4: paidCardLast4,
      favoriteImages: favoriteNumbers,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), not(interruptedCheckout), notDeleting))
    // The id breaks ties between orders created in the same instant, so the order is stable.
    .orderBy(desc(orders.createdAt), desc(orders.id));
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
      favoriteImages: expired ? [] : order.favoriteImages,
      expired,
      refundBlock: refundBlockOf(order, now),
      refreshable: refreshable(order, refreshing.has(order.id)),
      refreshOf: order.refreshOf,
      // The session opens a moment after the order is made, so this errs early, never late.
      payableUntil: order.status === 'pending' && !order.paidAt ? new Date(order.createdAt.getTime() + CHECKOUT_SESSION_TTL_MS).toISOString() : null,
      paid: order.paidAt ? { amountCents: order.amountCents, currency: order.currency, cardLast4: order.cardLast4 } : null,
    };
  });
}
