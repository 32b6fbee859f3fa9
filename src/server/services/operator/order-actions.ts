import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments, selfies, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuditEntry, OperatorOrder, OperatorRefundRequest, OrderActionBlock } from '../../../shared/contracts/operator.js';
import { formatMoney } from '../../../shared/format.js';
import { REFUND_REFUSALS } from '../../../shared/refunds.js';
import { deleteAccount } from '../accounts/delete-account.js';
import { betaSeatTotal, freeBetaSeat, setBetaSeatTotal } from '../entitlements/beta-seats.js';
import { identityOf } from '../entitlements/identity.js';
import { notifyCustomer } from '../generation/notify.js';
import { scheduleGeneration } from '../generation/schedule-generation.js';
import { findAnyOrder } from '../orders/find-own-order.js';
import { claimRefund, extendRetention, retryGeneration } from '../orders/order-lifecycle.js';
import { completeRefund } from '../refunds/refund-order.js';
import { type Actor, runAction } from './audit.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'generator' | 'mailer' | 'queue' | 'clock' | 'config' | 'log'>;
type Order = Awaited<ReturnType<typeof findAnyOrder>>;
type Payment = typeof payments.$inferSelect;

/** A failed order can be generated again from what it still holds of the person: its selfies, or the likeness kept. */
async function canRegenerate(ctx: Pick<AppContext, 'database'>, order: Order): Promise<boolean> {
  if (order.refreshOf || order.likenessKeptAt) return true;
  const [left] = await ctx.database.db.select({ n: count() }).from(selfies).where(eq(selfies.orderId, order.id));
  return Number(left?.n ?? 0) > 0;
}

/**
 * Why a paid order, delivered or failed, cannot be refunded now (a payment is refunded once), or null
 * when it can.
 */
function refundBlock(order: Order, payment: Payment | null): OrderActionBlock | null {
  if (order.paidAt === null || !payment) return 'notPaid';
  if (order.amountCents === 0) return 'free';
  if (order.refundStartedAt || payment?.refundedAt) return 'refunded';
  if (!['completed', 'failed'].includes(order.status)) return 'notDelivered';
  return null;
}

/** Why a failed order cannot be generated again now, or null when it can. */
async function retryBlock(ctx: Pick<AppContext, 'database'>, order: Order): Promise<OrderActionBlock | null> {
  if (order.status !== 'failed') return 'notFailed';
  if (order.purgedAt) return 'purged';
  if (order.refundStartedAt) return 'refunded';
  return (await canRegenerate(ctx, order)) ? null : 'nothingLeft';
}

/** Which actions the order page offers now, and why each of the others is not offered. Each action checks again when asked. */
export async function availableActions(ctx: Pick<AppContext, 'database'>, order: Order, payment: Payment | null) {
  const kept = order.purgedAt ? 'purged' : null;
  const blocked: Record<keyof OperatorOrder['actions'], OrderActionBlock | null> = {
    retry: await retryBlock(ctx, order),
    refund: refundBlock(order, payment),
    resendReady: order.status !== 'completed' ? 'notCompleted' : kept,
    extendRetention: !['completed', 'failed'].includes(order.status) ? 'notDelivered' : kept,
  };
  return {
    actions: {
      retry: blocked.retry === null,
      refund: blocked.refund === null,
      resendReady: blocked.resendReady === null,
      extendRetention: blocked.extendRetention === null,
    },
    blocked,
  };
}

/** Generates a failed order again: a fresh 72-hour bound, the portraits already made kept. */
export function retryOrder(ctx: Ctx, actor: Actor, orderId: string): Promise<AuditEntry> {
  return runAction(ctx, actor, { action: 'retry', orderId }, async () => {
    const order = await findAnyOrder(ctx.database.db, orderId);
    if (order.status !== 'failed' || order.purgedAt || order.refundStartedAt)
      throw new AppError('CONFLICT', 'Only a failed order that is still kept can be retried');
    if (!(await canRegenerate(ctx, order))) {
      throw new AppError('CONFLICT', "Nothing of the customer's photos is left to generate from; refund the order instead");
    }
    const ref = order.providerRef && ctx.generator.retryRef ? ctx.generator.retryRef(order.providerRef) : null;
    const outcome = await retryGeneration(ctx.database.db, order.id, ref, ctx.clock.now());
    if (outcome === 'noSeat') {
      throw new AppError(
        'CONFLICT',
        "This team order gave its seat back when it failed, and the team has no free seat now: the team's admin can buy one, then retry",
      );
    }
    if (outcome === 'notFailed') throw new AppError('CONFLICT', 'Only a failed order that is still kept can be retried');
    await scheduleGeneration(ctx, order.id);
    return { failure: order.failureReason, attempt: order.retries + 2 };
  });
}

/**
 * Refunds any amount up to what was paid, through the payment provider, once per payment (the same claim
 * as the customer's refund, so neither can follow the other). The whole payment ends the order as
 * refunded, its portraits deleted now or kept until the retention purge, as the operator chose; a part of
 * it is a goodwill refund that leaves the order as it was. The customer is mailed our team's reason and
 * the operator's note, unless the operator chose not to.
 */
export function refundOrderAsOperator(ctx: Ctx, actor: Actor, request: Omit<OperatorRefundRequest, 'requestId'>): Promise<AuditEntry> {
  const { orderId, amountCents, revokePortraits, mailCustomer } = request;
  const note = request.note || null;
  const detail = { amountCents, revokePortraits: revokePortraits ?? false, mailCustomer, ...(note ? { note } : {}) };
  return runAction(ctx, actor, { action: 'refund', orderId, detail }, async () => {
    const { db } = ctx.database;
    const order = await findAnyOrder(db, orderId);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    if (!payment || order.amountCents === 0) throw new AppError('CONFLICT', REFUND_REFUSALS[payment ? 'free' : 'notPaid']);
    if (order.refundedAt) throw new AppError('CONFLICT', REFUND_REFUSALS.refunded);
    if (order.refundStartedAt) throw new AppError('CONFLICT', REFUND_REFUSALS.inProgress);
    const paid = (cents: number) => formatMoney(cents, payment.currency, 'us');
    if (payment.refundedAt) throw new AppError('CONFLICT', alreadyRefunded(paid(payment.refundedCents), paid(payment.amountCents)));
    if (amountCents > payment.amountCents) throw new AppError('BAD_REQUEST', `The refund cannot be more than the ${paid(payment.amountCents)} paid`);
    const whole = amountCents === payment.amountCents;
    if (whole && revokePortraits === undefined) {
      throw new AppError('BAD_REQUEST', 'Invalid revokePortraits: a full refund must say whether the portraits are deleted now (true) or kept (false)');
    }
    if (!whole && revokePortraits) {
      throw new AppError('BAD_REQUEST', 'Invalid revokePortraits: a part refund keeps the portraits; refund the whole payment to delete them');
    }
    if (!(await claimRefund(db, order.id, ctx.clock.now(), amountCents))) {
      const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
      if (after?.refundStartedAt) throw new AppError('CONFLICT', REFUND_REFUSALS[after.refundedAt ? 'refunded' : 'inProgress']);
      const [paidNow] = await db.select().from(payments).where(eq(payments.id, payment.id));
      if (paidNow?.refundedAt) throw new AppError('CONFLICT', alreadyRefunded(paid(paidNow.refundedCents), paid(paidNow.amountCents)));
      throw new AppError('CONFLICT', 'Only a delivered or failed order can be refunded');
    }
    const refund = await completeRefund(ctx, order.id, { reason: 'operator', revokePortraits: whole && revokePortraits === true, mailCustomer, note });
    return { currency: refund.currency, refund: whole ? 'full' : 'part' };
  });
}

/** The refusal of a second refund: a payment is refunded once (docs/decisions.md, "Operator console"). */
const alreadyRefunded = (refunded: string, of: string) =>
  `This order's payment was already refunded in part (${refunded} of ${of}); a payment is refunded once`;

/** Sends the "portraits ready" mail of a delivered order again. */
export function resendReadyMail(ctx: Ctx, actor: Actor, orderId: string): Promise<AuditEntry> {
  return runAction(ctx, actor, { action: 'resendReady', orderId }, async () => {
    const order = await findAnyOrder(ctx.database.db, orderId);
    if (order.status !== 'completed' || order.purgedAt) throw new AppError('CONFLICT', 'Only a delivered order that is still kept has portraits to mail about');
    if (!(await notifyCustomer(ctx, { userId: order.userId, orderId: order.id, outcome: 'ready' }))) {
      throw new AppError('UNAVAILABLE', 'The mail could not be sent; try again in a few minutes');
    }
    return undefined;
  });
}

/** Keeps an order 30 days past its current purge date. */
export function extendOrderRetention(ctx: Ctx, actor: Actor, orderId: string): Promise<AuditEntry> {
  return runAction(ctx, actor, { action: 'extendRetention', orderId }, async () => {
    const order = await findAnyOrder(ctx.database.db, orderId);
    const keepUntil = await extendRetention(ctx.database.db, order.id, ctx.clock.now());
    if (!keepUntil) throw new AppError('CONFLICT', 'Only a delivered or failed order that is still kept can be kept longer');
    return { keepUntil: keepUntil.toISOString() };
  });
}

/** Deletes a customer's account and all their data, as the customer could themselves. */
export function deleteCustomer(ctx: Ctx, actor: Actor, email: string): Promise<AuditEntry> {
  return runAction(ctx, actor, { action: 'deleteCustomer', customerEmail: email }, async () => {
    const { db } = ctx.database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new AppError('NOT_FOUND', 'No customer has this email');
    const [owned] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
    await deleteAccount(ctx, user.id);
    return { orders: Number(owned?.n ?? 0) };
  });
}

/** Changes the number of beta seats, at once for every process. */
export function changeBetaSeats(ctx: Ctx, actor: Actor, seats: number): Promise<AuditEntry> {
  return runAction(ctx, actor, { action: 'setBetaSeats', detail: { to: seats } }, async () => {
    const from = await betaSeatTotal(ctx.database.db, ctx.config.betaSeats);
    await setBetaSeatTotal(ctx.database.db, seats, ctx.clock.now());
    return { from, to: seats };
  });
}

/**
 * Frees the beta seat of the person with this address, so they may join the beta again and the seat
 * counts as free: the ledger keeps seats through deleted orders and accounts, and only an operator gives
 * one back on purpose.
 */
export function freeCustomerBetaSeat(ctx: Ctx, actor: Actor, email: string): Promise<AuditEntry> {
  return runAction(ctx, actor, { action: 'freeBetaSeat', customerEmail: email }, async () => {
    const identity = await identityOf(ctx.database.db, email);
    if (!(await freeBetaSeat(ctx.database.db, { identity, by: actor.email, now: ctx.clock.now() }))) {
      throw new AppError('NOT_FOUND', 'This address holds no beta seat');
    }
    return undefined;
  });
}
