import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { REFRESH_PACKAGE } from '../../../shared/catalog/packages.js';
import { ZPortraitInfoSchema } from '../../../shared/contracts/checkout.js';
import { startPendingOrder } from '../checkout/start-pending-order.js';
import { findOwnOrder } from '../orders/find-own-order.js';
import { hasLikeness, likenessStillHeld, refreshBeingMade } from './likeness.js';

export interface CreateRefreshInput {
  userId: string;
  orderId: string;
  attire: string[];
  background: string[];
}

/**
 * A refresh of a delivered order: 20 new portraits of the same person for the catalog's refresh price,
 * made from what the first order's generation kept (no new selfies), with the customer's new attire and
 * background choices and every other answer as before. It is its own order, linked to the first, paid
 * through the same checkout as any order (no coupon applies); one at a time per order.
 */
export async function createRefresh(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'generator' | 'clock' | 'config' | 'log'>,
  input: CreateRefreshInput,
) {
  const { db } = ctx.database;
  const source = await findOwnOrder(db, input.userId, input.orderId);
  if (source.status !== 'completed' || source.purgedAt || source.refundedAt) {
    throw new AppError('CONFLICT', 'Only delivered orders whose portraits are still kept can be refreshed');
  }
  if (source.refreshOf) throw new AppError('CONFLICT', 'A refresh is made from the first order; refresh that order instead');
  if (!hasLikeness(source) || !(await likenessStillHeld(ctx, source))) {
    throw new AppError('CONFLICT', 'What we kept to make more portraits of this person is no longer available');
  }
  if (await refreshBeingMade(db, source.id)) throw new AppError('CONFLICT', 'A refresh of this order is already on its way');

  // The new choices are checked as the wizard's: offered for this category and gender.
  const parsed = ZPortraitInfoSchema.safeParse({
    ...(source.portraitInfo ?? {}),
    package: source.packageId,
    attire: input.attire,
    background: input.background,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('BAD_REQUEST', `Invalid ${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'bad input'}`);
  }
  const info = parsed.data;
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  return startPendingOrder(ctx, {
    user,
    pkg: REFRESH_PACKAGE,
    now: ctx.clock.now(),
    order: { categoryId: source.categoryId, portraitInfo: { ...info, package: REFRESH_PACKAGE.id }, isBeta: false, refreshOf: source.id },
  });
}
