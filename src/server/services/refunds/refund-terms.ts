import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** Why a refund is made, and what it does besides giving the money back. */
export interface RefundTerms {
  /** `guarantee`: the customer asked under the 7-day money-back guarantee; `operator`: our team refunded (the console, or Stripe's dashboard). */
  reason: 'guarantee' | 'operator';
  /** A full refund deletes the portraits at once, or leaves them to the retention purge; a part refund never deletes them. */
  revokePortraits: boolean;
  mailCustomer: boolean;
  /** The operator's note to the customer, shown in the mail. */
  note: string | null;
}

/** The customer's own refund: the whole payment, the portraits deleted at once, a mail. */
export const GUARANTEE_TERMS: RefundTerms = { reason: 'guarantee', revokePortraits: true, mailCustomer: true, note: null };

/** A refund in full made in Stripe's dashboard: our team's, and it ends the order as it always did. */
export const STRIPE_DASHBOARD_TERMS: RefundTerms = { reason: 'operator', revokePortraits: true, mailCustomer: true, note: null };

/**
 * The terms of a started refund that a crash interrupted. The customer's claim carries no amount; an
 * operator's carries one, and the operator's choices are in the audit entry written before the claim
 * (the order row has no place for them). Without that entry the portraits are kept: deleting them cannot
 * be undone, and the retention purge takes them in time anyway.
 */
export async function startedRefundTerms(db: Db, order: { id: string; refundCents: number | null; refundStartedAt: Date | null }): Promise<RefundTerms> {
  if (order.refundCents === null) return GUARANTEE_TERMS;
  const [entry] = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.orderId, order.id),
        eq(auditLog.action, 'refund'),
        eq(auditLog.outcome, 'started'),
        order.refundStartedAt ? lte(auditLog.createdAt, order.refundStartedAt) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  const detail = entry?.detail ?? {};
  return {
    reason: 'operator',
    revokePortraits: detail.revokePortraits === true,
    mailCustomer: detail.mailCustomer !== false,
    note: typeof detail.note === 'string' && detail.note !== '' ? detail.note : null,
  };
}
