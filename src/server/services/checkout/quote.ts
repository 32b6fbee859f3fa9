import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { FIRST_ORDER_COUPON } from '../../../shared/catalog/packages.js';

export interface Quote {
  priceCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
}

/** True when the customer has never paid for an order (free beta orders do not count). */
export async function isFirstPaidOrder(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt), gt(orders.amountCents, 0)));
  return Number(row?.n ?? 0) === 0;
}

/**
 * The amount to pay for a price and an optional coupon code. FIRST30 takes 30% off a customer's first
 * paid order; any other code, or FIRST30 on a later order, is refused with a message saying why.
 */
export async function quote(db: Db, input: { userId: string; priceCents: number; couponCode?: string | null }): Promise<Quote> {
  const code = input.couponCode?.trim().toUpperCase() || null;
  if (!code) return { priceCents: input.priceCents, discountCents: 0, totalCents: input.priceCents, couponCode: null };
  if (code !== FIRST_ORDER_COUPON.code) throw new AppError('BAD_REQUEST', `Coupon code "${code}" is not valid`);
  if (!(await isFirstPaidOrder(db, input.userId))) {
    throw new AppError('BAD_REQUEST', 'FIRST30 is only valid on your first order');
  }
  const discountCents = Math.round((input.priceCents * FIRST_ORDER_COUPON.percentOff) / 100);
  return { priceCents: input.priceCents, discountCents, totalCents: input.priceCents - discountCents, couponCode: code };
}
