import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { CHECKOUT_SESSION_TTL_MS } from '../../providers/payments/index.js';
import { openCheckoutSince } from '../orders/order-lifecycle.js';
import { settleCheckout } from './settle-checkout.js';
import { openSeatCheckouts } from '../teams/fulfil-seat-purchase.js';
import { openGiftCardCheckouts } from '../giftcards/fulfil-gift-card.js';

/** Read back per sweep at most; the oldest first, the rest on the next minute. */
const SWEEP_LIMIT = 200;
/** A session is settled within its lifetime; a day past it the provider has nothing new to say. */
const SWEEP_WINDOW_MS = CHECKOUT_SESSION_TTL_MS + 24 * 60 * 60 * 1000;

/**
 * Reads back the checkout session of every unpaid order from its provider and settles it: paid ones are
 * fulfilled, failed and expired ones release what they held. This is what makes a lost Stripe webhook,
 * or a crash between an offline payment and its fulfilment, harmless. Runs at start-up and every minute;
 * settling is idempotent, so racing a webhook or the return page is harmless too.
 */
export async function settleOpenCheckouts(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>,
): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - SWEEP_WINDOW_MS);
  const open = await ctx.database.db
    .select({ sessionId: orders.checkoutSessionId })
    .from(orders)
    .where(openCheckoutSince(since))
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_LIMIT);
  // Teams' seat purchases are read back the same way.
  const seats = await openSeatCheckouts(ctx, since, SWEEP_LIMIT);
  // Gift cards: read back the same way.
  const cards = await openGiftCardCheckouts(ctx, since, SWEEP_LIMIT);
  let settled = 0;
  for (const { sessionId } of [...open, ...[...seats, ...cards].map((sessionId) => ({ sessionId }))]) {
    // openCheckoutSince matches only orders with a session id; the column itself may be null.
    if (!sessionId) continue;
    const outcome = await settleCheckout(ctx, sessionId).catch((error: unknown) => {
      // One unreachable session must not stop the others; the next sweep tries it again.
      ctx.log.warn({ err: error, sessionId }, 'could not read a checkout session back');
      return 'open' as const;
    });
    if (outcome !== 'open' && outcome !== 'processing') {
      settled++;
      ctx.log.info({ sessionId, outcome }, 'settled a checkout the sweep found');
    }
  }
  return settled;
}
