import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, payments, seatPurchases } from '../../db/schema.js';
import { refundBlocksOf } from '../refunds/refund-blocks.js';
import { LIMITS } from '../../../shared/limits.js';
import type { Receipt } from '../../../shared/contracts/receipts.js';

/** The customer's last 100 payments, newest first; amounts in the currency's minor unit (cents); with the refund policy's answer for each. */
export async function listReceipts(db: Db, userId: string, now: Date): Promise<Receipt[]> {
  const rows = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      createdAt: payments.createdAt,
      amountCents: payments.amountCents,
      currency: payments.currency,
      receiptUrl: payments.receiptUrl,
      cardLast4: payments.cardLast4,
      refundedAt: payments.refundedAt,
      refundedCents: payments.refundedCents,
      seatQuantity: seatPurchases.quantity,
      seatPackageId: seatPurchases.packageId,
      giftCardId: payments.giftCardId,
      packageId: payments.packageId,
    })
    .from(payments)
    .leftJoin(seatPurchases, eq(seatPurchases.id, payments.seatPurchaseId))
    .where(eq(payments.userId, userId))
    // The id breaks ties between payments made in the same instant, so the order is stable.
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(LIMITS.receiptsMax);
  const orderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const orderRows = orderIds.length > 0 ? await db.select().from(orders).where(inArray(orders.id, orderIds)) : [];
  const refundBlocks = await refundBlocksOf(db, orderRows, now);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    createdAt: r.createdAt.toISOString(),
    amount: r.amountCents,
    currency: r.currency,
    receiptURL: r.receiptUrl,
    cardLast4: r.cardLast4,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    refundedAmount: r.refundedCents,
    seats: r.seatQuantity !== null && r.seatPackageId !== null ? { quantity: r.seatQuantity, packageId: r.seatPackageId } : null,
    // Gift cards: refunded from the gift card page, not here.
    giftCard: r.giftCardId ? { packageId: r.packageId } : null,
    // A payment whose order was deleted has nothing left to refund here: support handles it. Seats are
    // refunded from the team's page, not here.
    refundBlock: r.orderId && refundBlocks.has(r.orderId) ? (refundBlocks.get(r.orderId) ?? null) : 'deleted',
  }));
}
