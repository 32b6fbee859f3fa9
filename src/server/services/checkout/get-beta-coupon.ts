import type { AppContext } from '../../context.js';
import { BETA_COUPON } from '../../../shared/catalog/packages.js';
import type { BetaCoupon } from '../../../shared/contracts/coupon.js';
import { betaSeatTotal, countBetaSeats } from '../entitlements/beta-seats.js';

/** The beta program: its seats in all (the console's figure, else BETA_SEATS), `used` = seats taken by paid beta orders and open beta checkouts (the ledger). Seats remain while used < total. */
export async function getBetaCoupon(ctx: Pick<AppContext, 'database' | 'config' | 'clock'>): Promise<BetaCoupon> {
  const used = await countBetaSeats(ctx.database.db, ctx.clock.now());
  const total = await betaSeatTotal(ctx.database.db, ctx.config.betaSeats);
  return { total, used: Math.min(used, total), code: BETA_COUPON.code, percentOff: BETA_COUPON.percentOff };
}
