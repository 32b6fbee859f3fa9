import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { offlineCheckoutSessions, orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { OfflineSession } from '../../../shared/contracts/checkout.js';
import { hashToken } from '../auth/tokens.js';
import { settleCheckout } from './settle-checkout.js';
import { quote } from './quote.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log'>;

/** The caller's open offline session behind a client secret; anyone else's answers like a missing one. */
async function findSession(ctx: Ctx, userId: string, clientSecret: string) {
  if (ctx.payments.kind !== 'offline') throw new AppError('NOT_FOUND', 'The offline checkout is not in use on this server');
  const [row] = await ctx.database.db
    .select({ session: offlineCheckoutSessions, userId: orders.userId, isBeta: orders.isBeta, packageId: orders.packageId })
    .from(offlineCheckoutSessions)
    .innerJoin(orders, eq(orders.id, offlineCheckoutSessions.orderId))
    .where(eq(offlineCheckoutSessions.clientSecretHash, hashToken(clientSecret)));
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', 'Checkout session not found');
  return row;
}

function describe(row: Awaited<ReturnType<typeof findSession>>, q: { discountCents: number; totalCents: number; couponCode: string | null }, now: Date): OfflineSession {
  const { session } = row;
  const status = session.status === 'open' && session.expiresAt <= now ? 'expired' : session.status;
  return {
    orderId: session.orderId,
    packageId: row.packageId,
    priceCents: session.priceCents,
    discountCents: q.discountCents,
    totalCents: q.totalCents,
    currency: session.currency,
    couponCode: q.couponCode,
    isBeta: row.isBeta,
    status,
  };
}

/** The order summary of the offline checkout, with the effect of a coupon code when one is given. */
export async function getOfflineSession(ctx: Ctx, input: { userId: string; clientSecret: string; couponCode?: string }) {
  const row = await findSession(ctx, input.userId, input.clientSecret);
  const { session } = row;
  if (row.isBeta || session.status === 'paid') {
    return describe(row, { discountCents: session.discountCents, totalCents: session.amountCents, couponCode: session.couponCode }, ctx.clock.now());
  }
  const q = await quote(ctx.database.db, { userId: input.userId, priceCents: row.session.priceCents, couponCode: input.couponCode });
  return describe(row, q, ctx.clock.now());
}

/**
 * Pays an offline checkout session (test mode: no money moves) and settles it through the very same
 * function the Stripe webhook uses. Paying twice is harmless: the second call finds it paid.
 */
export async function payOffline(ctx: Ctx, input: { userId: string; clientSecret: string; couponCode?: string }) {
  const row = await findSession(ctx, input.userId, input.clientSecret);
  const now = ctx.clock.now();
  if (row.session.status === 'open') {
    if (row.session.expiresAt <= now) throw new AppError('GONE', 'This checkout has expired; please start the order again');
    const q = row.isBeta
      ? { discountCents: row.session.discountCents, totalCents: row.session.amountCents, couponCode: row.session.couponCode }
      : await quote(ctx.database.db, { userId: input.userId, priceCents: row.session.priceCents, couponCode: input.couponCode });
    await ctx.database.db
      .update(offlineCheckoutSessions)
      .set({ status: 'paid', paidAt: now, discountCents: q.discountCents, amountCents: q.totalCents, couponCode: q.couponCode })
      .where(and(eq(offlineCheckoutSessions.id, row.session.id), eq(offlineCheckoutSessions.status, 'open')));
  }
  const outcome = await settleCheckout(ctx, row.session.id);
  if (outcome === 'beta-full') throw new AppError('CONFLICT', 'All beta spots were taken before your order was confirmed');
  return { orderId: row.session.orderId };
}
