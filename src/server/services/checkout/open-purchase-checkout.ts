import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import type { CreatedCheckoutSession } from '../../providers/payments/index.js';

/**
 * Opens the provider's checkout for a purchase that is not an order (a team's seats, a gift card): the
 * user's customer record in this mode is reused (and remembered when the provider made one), the session
 * id is attached to the purchase, and a purchase whose checkout could not be opened is discarded.
 */
export async function openPurchaseCheckout(
  ctx: Pick<AppContext, 'database' | 'payments'>,
  {
    user,
    open,
    attach,
    discard,
  }: {
    user: { id: string; stripeCustomerId: string | null; stripeCustomerMode: string | null };
    open: (knownCustomerId: string | null) => Promise<CreatedCheckoutSession>;
    attach: (sessionId: string) => Promise<unknown>;
    discard: () => Promise<unknown>;
  },
) {
  const { db } = ctx.database;
  const { mode } = ctx.payments;
  const known = user.stripeCustomerMode === mode ? user.stripeCustomerId : null;
  try {
    const session = await open(known);
    await attach(session.sessionId);
    if (session.customerId && session.customerId !== known) {
      await db.update(users).set({ stripeCustomerId: session.customerId, stripeCustomerMode: mode }).where(eq(users.id, user.id));
    }
    return { sessionId: session.sessionId, clientSecret: session.clientSecret, provider: ctx.payments.kind, publishableKey: ctx.payments.publishableKey };
  } catch (error) {
    await discard();
    throw error;
  }
}
