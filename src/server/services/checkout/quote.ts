import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { FIRST_ORDER_COUPON } from '../../../shared/catalog/packages.js';
import { firstOrderTaken } from '../entitlements/first-order.js';

export const FIRST_ORDER_ONLY = 'FIRST30 is only valid on your first order';

export interface Quote {
  priceCents: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
}

/**
 * The amount to pay for a price and an optional coupon code. FIRST30 takes 30% off a customer's first
 * paid order (by the entitlement ledger, which outlives deleted orders and accounts); any other code, or FIRST30 on a later order, is refused with a message saying why.
 */
export async function quote(db: Db, input: { identity: string; priceCents: number; couponCode?: string | null }): Promise<Quote> {
  const code = input.couponCode?.trim().toUpperCase() || null;
  if (!code) return { priceCents: input.priceCents, discountCents: 0, totalCents: input.priceCents, couponCode: null };
  if (code !== FIRST_ORDER_COUPON.code) throw new AppError('BAD_REQUEST', `Coupon code "${code}" is not valid`);
  if (await firstOrderTaken(db, input.identity)) throw new AppError('BAD_REQUEST', FIRST_ORDER_ONLY);
  const discountCents = Math.round((input.priceCents * FIRST_ORDER_COUPON.percentOff) / 100);
  return { priceCents: input.priceCents, discountCents, totalCents: input.priceCents - discountCents, couponCode: code };
}
