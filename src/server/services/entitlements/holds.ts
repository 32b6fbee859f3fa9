import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { entitlements } from '../../db/schema.js';
import { releaseCredits } from '../referrals/checkout-discounts.js';

/** An unpaid order ended (its checkout expired, failed, or was discarded): what it held is free again. */
export async function releaseHolds(db: Executor, orderId: string, now: Date): Promise<void> {
  await db
    .update(entitlements)
    .set({ state: 'released', releasedAt: now, releasedBy: 'checkout' })
    .where(and(eq(entitlements.orderId, orderId), eq(entitlements.state, 'held')));
  // Referrals: the referral credits the order held are usable again.
  await releaseCredits(db, orderId);
}
