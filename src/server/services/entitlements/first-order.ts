import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { entitlements } from '../../db/schema.js';

const firstOrder = eq(entitlements.kind, 'firstOrder');

/**
 * Whether the person has had their first paid order (which FIRST30 discounts), by the ledger: deleting
 * that order or the account does not make a later one the first again. `except`: an order that does not
 * count (the one being paid, which may hold the entry already).
 */
export async function firstOrderTaken(db: Executor, identity: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: entitlements.orderId })
    .from(entitlements)
    .where(and(firstOrder, eq(entitlements.identity, identity), ne(entitlements.state, 'released')))
    .limit(1);
  return row !== undefined && (except === undefined || row.orderId !== except);
}

/**
 * Records `orderId` as the person's first paid order. True when it is (the entry is new, or is this
 * order's already); false when another order was first. The unique index decides between two payments
 * racing for it.
 */
export async function recordFirstOrder(
  db: Executor,
  { identity, userId, orderId, now }: { identity: string; userId: string; orderId: string; now: Date },
): Promise<boolean> {
  const [inserted] = await db
    .insert(entitlements)
    .values({ kind: 'firstOrder', identity, userId, orderId, state: 'used', usedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: entitlements.id });
  if (inserted) return true;
  const [existing] = await db
    .select({ orderId: entitlements.orderId })
    .from(entitlements)
    .where(and(firstOrder, eq(entitlements.identity, identity), ne(entitlements.state, 'released')));
  return existing?.orderId === orderId;
}

/** Takes back a first-order entry made for a payment that then did not go through. */
export async function forgetFirstOrder(db: Executor, orderId: string): Promise<void> {
  await db.delete(entitlements).where(and(firstOrder, eq(entitlements.orderId, orderId)));
}
