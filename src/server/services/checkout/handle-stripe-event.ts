import type { AppContext } from '../../context.js';
import { eq } from 'drizzle-orm';
import { orders, payments, processedEvents } from '../../db/schema.js';
import { recordRefund } from '../refunds/refund-order.js';
import { STRIPE_DASHBOARD_TERMS } from '../refunds/refund-terms.js';
import { settleCheckout, type SettleResult } from './settle-checkout.js';

/** Refunds made in Stripe: the charge refunded, or a refund that has gone through. */
const REFUND_EVENTS = new Set(['charge.refunded', 'refund.updated', 'refund.created']);

/** The events that may change an order: each only names a session, which is read back and settled. */
const SETTLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** A refund made in Stripe (from its dashboard, or ours arriving as an event): a charge or a refund object. */
interface RefundEventObject {
  id: string;
  object: 'charge' | 'refund';
  payment_intent: string | null;
  /** charge: whether it is refunded in full, and how much. */
  refunded?: boolean;
  amount_refunded?: number;
  /** refund: its state, amount and charge. */
  status?: string;
  amount?: number;
}

/**
 * A full refund Stripe reports and we did not start, recorded as our team's (portraits deleted, order
 * refunded, one mail). A refund we started (the customer's, or an operator's from the console) is ours to
 * record, with its own terms: its report changes nothing, even when it arrives before our record. A
 * partial refund made in Stripe's dashboard is logged and left to the operator.
 */
async function recordStripeRefund(ctx: Parameters<typeof handleStripeEvent>[0], object: RefundEventObject): Promise<void> {
  if (!object.payment_intent) return;
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.paymentIntentId, object.payment_intent));
  if (!payment?.orderId) return;
  const [order] = await ctx.database.db.select({ refundStartedAt: orders.refundStartedAt }).from(orders).where(eq(orders.id, payment.orderId));
  if (!order || order.refundStartedAt) return;
  const refundedCents = object.object === 'charge' ? (object.amount_refunded ?? 0) : object.status === 'succeeded' ? (object.amount ?? 0) : 0;
  // An operator's goodwill refund, reported back: already on the payment.
  if (refundedCents <= payment.refundedCents) return;
  if (refundedCents < payment.amountCents) {
    if (refundedCents > 0) ctx.log.warn({ orderId: payment.orderId, refundedCents }, 'a partial refund was made in Stripe; the order is left as it is');
    return;
  }
  await recordRefund(
    ctx,
    payment.orderId,
    { refundId: object.object === 'refund' ? object.id : (payment.refundId ?? object.id), amountCents: payment.amountCents },
    STRIPE_DASHBOARD_TERMS,
  );
}

/**
 * A verified Stripe event: a settling one has its session read back from Stripe and settled (fulfilled,
 * failed or released; idempotent); a refund one records the refund (idempotent). Every event is recorded
 * once by its id. Returns the session and what settling it did, or null for an event that settles none.
 */
export async function handleStripeEvent(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>,
  event: { id: string; type: string; data: { object: unknown } },
): Promise<{ sessionId: string; outcome: SettleResult } | null> {
  let settled = null;
  if (SETTLING_EVENTS.has(event.type)) {
    const sessionId = (event.data.object as { id: string }).id;
    settled = { sessionId, outcome: await settleCheckout(ctx, sessionId) };
  }
  if (REFUND_EVENTS.has(event.type)) await recordStripeRefund(ctx, event.data.object as RefundEventObject);
  await ctx.database.db
    .insert(processedEvents)
    .values({ id: `stripe:${event.id}`, kind: event.type })
    .onConflictDoNothing();
  return settled;
}
