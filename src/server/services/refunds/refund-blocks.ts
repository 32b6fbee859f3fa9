import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { type RefundBlock, refundBlock, usablePhotoCount } from '../../../shared/refunds.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * How many of the order's portraits were downloaded, as a column of a select on `orders` (by that name):
 * a list needs no second query. The names are written out because drizzle leaves columns of a
 * one-table select unqualified, which inside the subquery would mean the downloads' own.
 */
export const downloadCount = sql<number>`(select count(*)::int from downloads where downloads.order_id = orders.id)`.mapWith(Number);

/** What the order's payment has had refunded (a goodwill refund leaves the order row as it was), as a column of a select on `orders`. */
export const refundedCents = sql<number>`(select coalesce(max(payments.refunded_cents), 0)::int from payments where payments.order_id = orders.id)`.mapWith(
  Number,
);

/** The columns of an order the refund policy reads (with `downloadCount` and `refundedCents`), for a select that needs no more. */
export const refundColumns = {
  status: orders.status,
  paidAt: orders.paidAt,
  amountCents: orders.amountCents,
  isBeta: orders.isBeta,
  refundStartedAt: orders.refundStartedAt,
  refundedAt: orders.refundedAt,
  photoCheck: orders.photoCheck,
  downloads: downloadCount,
  refundedCents,
};

type RefundRow = Pick<OrderRow, 'status' | 'paidAt' | 'amountCents' | 'isBeta' | 'refundStartedAt' | 'refundedAt' | 'photoCheck'> & {
  downloads: number;
  refundedCents: number;
};

/** The refund policy's answer for an order whose downloads and refunded amount were read (`refundColumns`), at `now`. */
export function refundBlockOf(order: RefundRow, now: Date): RefundBlock | null {
  return refundBlock({ ...order, usablePhotos: usablePhotoCount(order.photoCheck) }, now);
}

/** The refund policy's answer for each of these orders at `now` (one query for their downloads and refunds). */
export async function refundBlocksOf(db: Db, rows: readonly OrderRow[], now: Date): Promise<Map<string, RefundBlock | null>> {
  if (rows.length === 0) return new Map();
  const counted = await db
    .select({ id: orders.id, downloads: downloadCount, refundedCents })
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((r) => r.id),
      ),
    );
  const countsOf = new Map(counted.map((d) => [d.id, d]));
  return new Map(
    rows.map((order) => {
      const counts = countsOf.get(order.id);
      return [order.id, refundBlockOf({ ...order, downloads: counts?.downloads ?? 0, refundedCents: counts?.refundedCents ?? 0 }, now)];
    }),
  );
}
