import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { offlineCheckoutSessions, orders } from '../../db/schema.js';
import { fulfilCheckout } from './fulfil-checkout.js';

/**
 * Fulfils offline checkout sessions that are paid while their order is not: the server died between
 * recording the payment and fulfilling it. Stripe repeats its webhook until it is answered; this is the
 * offline checkout's counterpart. Fulfilment is idempotent, so racing a late pay call is harmless.
 */
export async function fulfilPaidSessions(ctx: Pick<AppContext, 'database' | 'payments' | 'queue' | 'clock' | 'config' | 'log'>): Promise<number> {
  if (ctx.payments.kind !== 'offline') return 0;
  const rows = await ctx.database.db
    .select({ sessionId: offlineCheckoutSessions.id })
    .from(offlineCheckoutSessions)
    .innerJoin(orders, eq(orders.id, offlineCheckoutSessions.orderId))
    .where(and(eq(offlineCheckoutSessions.status, 'paid'), eq(orders.status, 'pending'), isNull(orders.paidAt)));
  for (const { sessionId } of rows) {
    const outcome = await fulfilCheckout(ctx, sessionId);
    ctx.log.warn({ sessionId, outcome }, 'fulfilled a checkout paid before a crash');
  }
  return rows.length;
}
