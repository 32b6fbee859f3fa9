import type { AppContext } from '../../context.js';
import { BETA_COUPON } from '../../../shared/catalog/packages.js';
import { countBetaSeats } from '../orders/order-lifecycle.js';
import { betaSeatTotal } from './beta-seats.js';

export interface BetaCoupon {
  total: number;
  used: number;
  code: string;
  percentOff: number;
}

/** The beta program: its seats in all (the console's figure, else BETA_SEATS), `used` = beta orders paid so far. Seats remain while used < total. */
export async function getBetaCoupon(ctx: Pick<AppContext, 'database' | 'config'>): Promise<BetaCoupon> {
  const used = await countBetaSeats(ctx.database.db);
  const total = await betaSeatTotal(ctx.database.db, ctx.config.betaSeats);
  return { total, used: Math.min(used, total), code: BETA_COUPON.code, percentOff: BETA_COUPON.percentOff };
}
