import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { formatMoney, shortOrderId } from '../../../shared/format.js';
import { REFUND_REFUSALS } from '../../../shared/refunds.js';
import { serverT } from '../../i18n.js';
import { recordOrderMail } from '../mail/order-mails.js';
import { renderMail } from '../mail/render-mail.js';
import { claimRefund, markRefunded, type Order } from '../orders/order-lifecycle.js';
import { findOwnOrder } from '../orders/find-own-order.js';
import { refundBlocksOf } from './refund-blocks.js';

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
    throw new AppError('CONFLICT', REFUND_REFUSALS[after?.refundedAt ? 'refunded' : 'inProgress']);
  }
  return completeRefund(ctx, order.id);
}

/**
 * Refunds a started refund through the payment provider (idempotent per order, so finishing one a crash
 * interrupted never pays twice), records it, deletes the portraits and mails the customer once.
 */
export async function completeRefund(ctx: RefundContext, orderId: string) {
  const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment) throw new Error(`order ${orderId} has a refund started but no payment`);
  const [order] = await ctx.database.db.select({ refundCents: orders.refundCents }).from(orders).where(eq(orders.id, orderId));
  // The whole payment, unless an operator chose less when starting the refund.
  const amountCents = Math.min(order?.refundCents ?? payment.amountCents, payment.amountCents);
  const { refundId } = await ctx.payments.refund({
    orderId,
    sessionId: payment.checkoutSessionId,
    paymentIntentId: payment.paymentIntentId,
    amountCents,
  });
  return recordRefund(ctx, orderId, { refundId, amountCents });
}

/** Records a refund the provider made (ours, or one made in Stripe's dashboard); mails only the first time. */
export async function recordRefund(ctx: RefundContext, orderId: string, refund: { refundId: string; amountCents: number }) {
  const now = ctx.clock.now();
  const first = await markRefunded(ctx, orderId, refund, now);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} vanished while it was refunded`);
  if (first) await mailRefund(ctx, order, refund.amountCents);
  return { orderId, refundedAt: (order.refundedAt ?? now).toISOString(), amount: refund.amountCents, currency: order.currency };
}

async function mailRefund(ctx: RefundContext, order: Order, amountCents: number): Promise<void> {
  const [user] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
  if (!user) return;
  const { t } = serverT('us');
  const shortId = shortOrderId(order.id);
  const amount = formatMoney(amountCents, order.currency, 'us');
  const mail = renderMail({
    heading: t('email.refunded.heading'),
    paragraphs: [t('email.refunded.intro', { order: shortId, amount }), t('email.refunded.timing'), t('email.refunded.deleted')],
    footer: t('email.refunded.footer'),
  });
  let sent = true;
  try {
    await ctx.mailer.send({ to: user.email, subject: t('email.refunded.subject', { order: shortId }), ...mail });
  } catch (error) {
    sent = false;
    ctx.log.error({ err: error, orderId: order.id }, 'could not send the refund mail');
  }
  await recordOrderMail(ctx.database.db, { orderId: order.id, kind: 'refunded', sent, at: ctx.clock.now() });
}
