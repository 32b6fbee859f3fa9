import type { AppContext } from '../../context.js';
import { processedEvents } from '../../db/schema.js';
import { settleCheckout, type SettleResult } from './settle-checkout.js';

/** The events that may change an order: each only names a session, which is read back and settled. */
const SETTLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * A verified Stripe event: a settling one has its session read back from Stripe and settled (fulfilled,
 * failed or released; idempotent). Every event is recorded once by its id. Returns the session and what
 * settling it did, or null for an event that changes nothing.
 */
export async function handleStripeEvent(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log'>,
  event: { id: string; type: string; data: { object: unknown } },
): Promise<{ sessionId: string; outcome: SettleResult } | null> {
  let settled = null;
  if (SETTLING_EVENTS.has(event.type)) {
    const sessionId = (event.data.object as { id: string }).id;
    settled = { sessionId, outcome: await settleCheckout(ctx, sessionId) };
  }
  await ctx.database.db
    .insert(processedEvents)
    .values({ id: `stripe:${event.id}`, kind: event.type })
    .onConflictDoNothing();
  return settled;
}
