import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { BETA_COUPON } from '../../../shared/catalog/packages.js';

export interface BetaCoupon {
  total: number;
  used: number;
  code: string;
  percentOff: number;
}

/** The beta program: BETA_SEATS seats in all, `used` = beta orders paid so far. Seats remain while used < total. */
export async function getBetaCoupon(ctx: Pick<AppContext, 'database' | 'config'>): Promise<BetaCoupon> {
  const [row] = await ctx.database.db
    .select({ used: count() })
    .from(orders)
    .where(and(eq(orders.isBeta, true), isNotNull(orders.paidAt)));
  const total = ctx.config.betaSeats;
  return { total, used: Math.min(Number(row?.used ?? 0), total), code: BETA_COUPON.code, percentOff: BETA_COUPON.percentOff };
}
