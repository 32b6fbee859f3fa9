import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ConfirmCheckoutResponse } from '../../../shared/contracts/checkout.js';
import { settleCheckout } from './settle-checkout.js';

/**
 * The customer's own checkout, settled now rather than when the webhook comes: the provider is asked
 * for the session's state, and the order's status afterwards is the answer. Someone else's session, or
 * one whose order an expiry deleted, answers like a missing one.
 */
export async function confirmCheckout(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<ConfirmCheckoutResponse> {
  const { db } = ctx.database;
  const mine = and(eq(orders.checkoutSessionId, sessionId), eq(orders.userId, userId));
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(mine);
  if (!order) throw new AppError('NOT_FOUND', 'Checkout session not found');
  if (order.status !== 'pending') return { orderId: order.id, status: order.status };
  await settleCheckout(ctx, sessionId);
  const [after] = await db.select({ status: orders.status }).from(orders).where(mine);
  if (!after) throw new AppError('GONE', 'This checkout expired before it was paid; please start the order again');
  return { orderId: order.id, status: after.status };
}
