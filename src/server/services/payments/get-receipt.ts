import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, seatPurchases } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';

/** A payment, and for a team's purchase of seats how many were bought. */
export type PaymentRecord = typeof payments.$inferSelect & { seats: number | null; giftCard: boolean };

/**
 * One payment of this customer. Someone else's payment, a malformed id and an unknown id all get
 * the same 404, so the answer never tells whether a payment exists.
 */
export async function getReceipt(db: Db, { userId, paymentId }: { userId: string; paymentId: string }): Promise<PaymentRecord> {
  const notFound = new AppError('NOT_FOUND', 'Receipt not found');
  if (!UUID_PATTERN.test(paymentId)) throw notFound;
  const [row] = await db
    .select({ payment: payments, seats: seatPurchases.quantity })
    .from(payments)
    .leftJoin(seatPurchases, eq(seatPurchases.id, payments.seatPurchaseId))
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  if (!row) throw notFound;
  return { ...row.payment, seats: row.seats, giftCard: row.payment.giftCardId !== null };
}
