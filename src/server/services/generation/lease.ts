import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';

/**
 * Takes the generation lease of a processing order for `owner`, if nobody alive holds it: a worker that
 * has not proved it is alive for `leaseMs` (GENERATION_LEASE_MS) has lost its order. Only one worker
 * generates an order at a time, even with many processes on one database.
 */
export async function acquireLease(db: Db, { orderId, owner, now, leaseMs }: { orderId: string; owner: string; now: Date; leaseMs: number }): Promise<boolean> {
  const stale = new Date(now.getTime() - leaseMs);
  const taken = await db
    .update(orders)
    .set({ generationOwner: owner, generationHeartbeatAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'processing'),
        // An order being deleted is never taken up again.
        isNull(orders.deletingAt),
        or(isNull(orders.generationOwner), eq(orders.generationOwner, owner), lt(orders.generationHeartbeatAt, stale)),
      ),
    )
    .returning({ id: orders.id });
  return taken.length === 1;
}

/** Proves `owner` is alive; false when the lease was taken over (this worker was presumed dead) or the order is being deleted. */
export async function renewLease(db: Db, { orderId, owner, now }: { orderId: string; owner: string; now: Date }): Promise<boolean> {
  const renewed = await db
    .update(orders)
    .set({ generationHeartbeatAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.generationOwner, owner), isNull(orders.deletingAt)))
    .returning({ id: orders.id });
  return renewed.length === 1;
}

/**
 * Gives the lease up. `nextCheckAt`: the order is waiting for a remote provider and a job is already
 * scheduled for then, so the resume sweep should not treat it as orphaned before that.
 */
export async function releaseLease(
  db: Db,
  { orderId, owner, nextCheckAt = null }: { orderId: string; owner: string; nextCheckAt?: Date | null },
): Promise<void> {
  await db
    .update(orders)
    .set({ generationOwner: null, generationHeartbeatAt: nextCheckAt })
    .where(and(eq(orders.id, orderId), eq(orders.generationOwner, owner)));
}
