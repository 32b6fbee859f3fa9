import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { REFUND_REFUSALS } from '../../../shared/refunds.js';
import { claimRefund, markPartlyRefunded, markRefunded } from '../orders/order-lifecycle.js';
import { findOwnOrder } from '../orders/find-own-order.js';
import { refundBlocksOf } from './refund-blocks.js';
import { mailRefund } from './refund-mail.js';
import { GUARANTEE_TERMS, type RefundTerms, startedRefundTerms } from './refund-terms.js';

type RefundContext = Pick<AppContext, 'database' | 'files' | 'payments' | 'mailer' | 'clock' | 'config' | 'log'>;

/**
 * The customer's refund request: checked against the policy (409 with the reason when refused), started
 * once however many requests arrive together, then carried out by `completeRefund`.
 */
export async function requestRefund(ctx: RefundContext, { userId, orderId }: { userId: string; orderId: string }) {
  const order = await findOwnOrder(ctx.database.db, userId, orderId);
  const now = ctx.clock.now();
  const block = (await refundBlocksOf(ctx.database.db, [order], now)).get(order.id) ?? null;
  if (block) throw new AppError('CONFLICT', REFUND_REFUSALS[block]);
  if (!(await claimRefund(ctx.database.db, order.id, now))) {
    const [after] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    throw new AppError('CONFLICT', REFUND_REFUSALS[after?.refundedAt ? 'refunded' : after?.refundStartedAt ? 'inProgress' : 'partlyRefunded']);
  }
  return completeRefund(ctx, order.id, GUARANTEE_TERMS);
}

/**
 * Refunds a started refund through the payment provider (idempotent per order, so finishing one a crash
 * interrupted never pays twice), records it and mails the customer once, as `terms` say. Without `terms`
 * (a refund a crash interrupted) they are read back from what was stored when it started.
 */
export async function completeRefund(ctx: RefundContext, orderId: string, terms?: RefundTerms) {
  const { db } = ctx.database;
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error(`order ${orderId} has a refund started but no payment`);
  const [order] = await db
    .select({ id: orders.id, refundCents: orders.refundCents, refundStartedAt: orders.refundStartedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} vanished while it was refunded`);
  // The whole payment, unless an operator chose less when starting the refund.
  const amountCents = Math.min(order.refundCents ?? payment.amountCents, payment.amountCents);
  const { refundId } = await ctx.payments.refund({
    orderId,
    sessionId: payment.checkoutSessionId,
    paymentIntentId: payment.paymentIntentId,
    amountCents,
  });
  return recordRefund(ctx, orderId, { refundId, amountCents }, terms ?? (await startedRefundTerms(db, order)));
}

/**
 * Records a refund the provider made (ours, or one made in Stripe's dashboard). The whole payment ends
 * the order (refunded; its portraits deleted now or left to the retention purge, as `terms` say); a part
 * of it, a goodwill refund, leaves the order as it was and shows on the payment. Mails only the first
 * time, and only when `terms` say so.
 */
export async function recordRefund(ctx: RefundContext, orderId: string, refund: { refundId: string; amountCents: number }, terms: RefundTerms) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [payment] = await db.select({ amountCents: payments.amountCents }).from(payments).where(eq(payments.orderId, orderId));
  const paidCents = payment?.amountCents ?? refund.amountCents;
  const first =
    refund.amountCents >= paidCents
      ? await markRefunded(ctx, orderId, refund, now, { revokePortraits: terms.revokePortraits })
      : await markPartlyRefunded(db, orderId, refund, now);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} vanished while it was refunded`);
  if (first && terms.mailCustomer) await mailRefund(ctx, order, { amountCents: refund.amountCents, paidCents, terms });
  const [after] = await db.select({ refundedAt: payments.refundedAt }).from(payments).where(eq(payments.orderId, orderId));
  return { orderId, refundedAt: (order.refundedAt ?? after?.refundedAt ?? now).toISOString(), amount: refund.amountCents, currency: order.currency };
}
