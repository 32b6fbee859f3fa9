import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import type { PortraitPackage } from '../../../shared/catalog/packages.js';
import type { CheckoutCreateResponse } from '../../../shared/contracts/checkout.js';
import { attachCheckoutSession } from '../orders/order-lifecycle.js';
import { firstOrderTaken } from '../entitlements/first-order.js';
import { identityOf } from '../entitlements/identity.js';
import type { OrderCharge } from '../referrals/checkout-discounts.js';

/**
 * Opens the payment session of a pending order (a new order or a refresh) and attaches it; remembers
 * the Stripe customer the provider created for the user, with the mode it was made in (test keys'
 * customers do not exist for live keys). Answers what the browser's checkout needs.
 */
export async function openCheckoutSession(
  ctx: Pick<AppContext, 'database' | 'payments' | 'config'>,
  { orderId, user, pkg, isBeta, charge }: { orderId: string; user: typeof users.$inferSelect; pkg: PortraitPackage; isBeta: boolean; charge: OrderCharge },
): Promise<CheckoutCreateResponse> {
  const { db } = ctx.database;
  const { mode } = ctx.payments;
  const known = user.stripeCustomerMode === mode ? user.stripeCustomerId : null;
  const firstOrderCode = !isBeta && !(await firstOrderTaken(db, await identityOf(db, user.email)));
  const session = await ctx.payments.createCheckoutSession({
    orderId,
    user: { id: user.id, email: user.email, stripeCustomerId: known },
    pkg,
    isBeta,
    firstOrderCode,
    charge,
    returnUrl: `${ctx.config.publicUrl}/dashboard/myOrders?session_id={CHECKOUT_SESSION_ID}`,
  });
  await attachCheckoutSession(db, orderId, session.sessionId);
  if (session.customerId && session.customerId !== known) {
    await db.update(users).set({ stripeCustomerId: session.customerId, stripeCustomerMode: mode }).where(eq(users.id, user.id));
  }
  return {
    orderId,
    sessionId: session.sessionId,
    clientSecret: session.clientSecret,
    provider: ctx.payments.kind,
    publishableKey: ctx.payments.publishableKey,
  };
}
