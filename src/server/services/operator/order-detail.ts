import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { auditLog, orderMails, payments, portraits, users } from '../../db/schema.js';
import type { OperatorOrder } from '../../../shared/contracts/operator.js';
import { findAnyOrder } from '../orders/find-own-order.js';
import { purgeDate } from '../orders/order-lifecycle.js';
import { auditEntry } from './audit.js';
import { likenessFigures } from './likeness-figures.js';
import { replacementSummary } from '../replacements/replacement-summary.js';
import { availableActions } from './order-actions.js';

type Order = Awaited<ReturnType<typeof findAnyOrder>>;
type Payment = typeof payments.$inferSelect;
type Timeline = OperatorOrder['timeline'];

/** Everything that happened to the order, in time order. */
function timelineOf(order: Order, payment: Payment | undefined): Timeline {
  const events: Timeline = [{ event: 'created', at: order.createdAt.toISOString() }];
  if (order.paidAt) events.push({ event: 'paid', at: order.paidAt.toISOString() });
  if (order.generationStartedAt) events.push({ event: 'generationStarted', at: order.generationStartedAt.toISOString() });
  const marks = Object.entries(order.progressMarks ?? {}).sort(([a], [b]) => Number(a) - Number(b));
  for (const [percent, at] of marks) events.push({ event: 'progress', at, percent: Number(percent) });
  if (order.completedAt) events.push({ event: 'completed', at: order.completedAt.toISOString() });
  if (order.failedAt) events.push({ event: 'failed', at: order.failedAt.toISOString(), detail: order.failureReason ?? undefined });
  // The whole payment refunded the order; a part of it (a goodwill refund) shows only on the payment.
  if (order.refundedAt) events.push({ event: 'refunded', at: order.refundedAt.toISOString(), ...(payment ? { amountCents: payment.refundedCents } : {}) });
  else if (payment?.refundedAt) events.push({ event: 'partRefunded', at: payment.refundedAt.toISOString(), amountCents: payment.refundedCents });
  if (order.purgedAt) events.push({ event: 'purged', at: order.purgedAt.toISOString() });
  // A stable sort: events of the same moment keep the order they happen in.
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * One order as the console shows it: the answers, the timeline, the payment and refund, the portraits
 * (as numbers; the console shows their thumbnails), the mails sent, the generator's reference and last
 * error, its audit entries, and which actions apply now. Selfies are never shown (they are gone).
 */
export async function getOperatorOrder(ctx: Pick<AppContext, 'database' | 'clock' | 'generator'>, orderId: string): Promise<OperatorOrder> {
  const { db } = ctx.database;
  const order = await findAnyOrder(db, orderId);
  const [[user], [payment], numbers, mails, audit, [likeness], replacements] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, order.userId)),
    db.select().from(payments).where(eq(payments.orderId, order.id)),
    db.select({ no: portraits.no }).from(portraits).where(eq(portraits.orderId, order.id)).orderBy(asc(portraits.no)),
    db.select().from(orderMails).where(eq(orderMails.orderId, order.id)).orderBy(asc(orderMails.createdAt)),
    db.select().from(auditLog).where(eq(auditLog.orderId, order.id)).orderBy(desc(auditLog.createdAt)),
    likenessFigures(db, sql`order_id::text`, sql`order_id = ${order.id}`),
    replacementSummary(db, order),
  ]);
  const { actions, blocked } = await availableActions(ctx, order, payment ?? null);
  return {
    order: {
      id: order.id,
      userId: order.userId,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      email: user?.email ?? '',
      packageId: order.packageId,
      categoryId: order.categoryId,
      amountCents: order.amountCents,
      currency: order.currency,
      imageGenerated: order.imageGenerated,
      imageTotal: order.imageTotal,
      expired: order.purgedAt !== null,
      answers: order.portraitInfo,
      refreshOf: order.refreshOf,
      isBeta: order.isBeta,
      couponCode: order.couponCode,
      // The reason it failed, or the error its generation keeps hitting while it is still being made.
      failureReason: order.failureReason ?? order.lastGenerationError,
      providerRef: order.providerRef,
      generator: ctx.generator.kind,
      retries: order.retries,
      purgeAt: purgeDate(order)?.toISOString() ?? null,
      purgedAt: order.purgedAt?.toISOString() ?? null,
    },
    timeline: timelineOf(order, payment),
    payment: payment
      ? {
          provider: payment.provider,
          paidAt: payment.createdAt.toISOString(),
          priceCents: payment.priceCents,
          discountCents: payment.discountCents,
          amountCents: payment.amountCents,
          currency: payment.currency,
          couponCode: payment.couponCode,
          cardLast4: payment.cardLast4,
          reference: payment.paymentIntentId ?? payment.checkoutSessionId,
          refundId: payment.refundId,
          refundedCents: payment.refundedCents,
          refundedAt: payment.refundedAt?.toISOString() ?? null,
        }
      : null,
    likeness: likeness
      ? {
          generated: likeness.generated,
          delivered: likeness.delivered,
          rejected: likeness.rejected,
          medianScore: likeness.medianScore,
          reasons: likeness.reasons,
          promised: order.imageTotal,
          replacementsIncluded: replacements.included,
          replacementsUsed: replacements.included - replacements.left,
        }
      : null,
    portraits: numbers.map((p) => p.no),
    mails: mails.map((m) => ({ kind: m.kind, at: m.createdAt.toISOString(), sent: m.sent })),
    audit: audit.map(auditEntry),
    actions,
    blocked,
  };
}
