import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { downloads, type orders } from '../../db/schema.js';
import { type RefundBlock, refundBlock, usablePhotoCount } from '../../../shared/refunds.js';

type OrderRow = typeof orders.$inferSelect;

/** The refund policy's answer for each of these orders at `now` (one query for their downloads). */
export async function refundBlocksOf(db: Db, rows: readonly OrderRow[], now: Date): Promise<Map<string, RefundBlock | null>> {
  if (rows.length === 0) return new Map();
  const counted = await db
    .select({ orderId: downloads.orderId, n: count() })
    .from(downloads)
    .where(
      inArray(
        downloads.orderId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(downloads.orderId);
  const downloadsOf = new Map(counted.map((d) => [d.orderId, Number(d.n)]));
  return new Map(
    rows.map((order) => [
      order.id,
      refundBlock({ ...order, downloads: downloadsOf.get(order.id) ?? 0, usablePhotos: usablePhotoCount(order.photoCheck) }, now),
    ]),
  );
}
