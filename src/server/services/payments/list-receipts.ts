import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { LIMITS } from '../../../shared/limits.js';
import type { Receipt } from '../../../shared/contracts/receipts.js';

/** The customer's last 100 payments, newest first; amounts in the currency's minor unit (cents). */
export async function listReceipts(db: Db, userId: string): Promise<Receipt[]> {
  const rows = await db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      createdAt: payments.createdAt,
      amountCents: payments.amountCents,
      currency: payments.currency,
      receiptUrl: payments.receiptUrl,
      refundedAt: payments.refundedAt,
      refundedCents: payments.refundedCents,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    // The id breaks ties between payments made in the same instant, so the order is stable.
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(LIMITS.receiptsMax);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    createdAt: r.createdAt.toISOString(),
    amount: r.amountCents,
    currency: r.currency,
    receiptURL: r.receiptUrl,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    refundedAmount: r.refundedCents,
  }));
}
