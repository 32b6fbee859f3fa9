import { and, asc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appState, entitlements, orders, users } from '../../db/schema.js';
import { BETA_HOLD_MS } from './beta-seats.js';
import { IDENTITY_KEY, identityOf } from './identity.js';
import { installationKey } from '../installation-keys.js';

const BACKFILLED_KEY = 'entitlementsBackfilled';

/**
 * Writes the ledger of an installation made before it existed, once (at every start, it first makes sure
 * the key of the ledger's identities exists): a used beta seat for every paid
 * beta order, a held one for every beta checkout that can still be paid, and the first paid order of
 * each customer. What was deleted before the upgrade is not known and stays unrecorded.
 */
export async function backfillEntitlements(db: Db, now: Date): Promise<number> {
  // The installation's identity key is made here, at start-up, not by the first request that needs it.
  await installationKey(db, IDENTITY_KEY);
  const [done] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, BACKFILLED_KEY));
  if (done) return 0;
  const rows = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      email: users.email,
      isBeta: orders.isBeta,
      paidAt: orders.paidAt,
      amountCents: orders.amountCents,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      or(
        isNotNull(orders.paidAt),
        and(
          eq(orders.isBeta, true),
          eq(orders.status, 'pending'),
          isNotNull(orders.checkoutSessionId),
          gt(orders.createdAt, new Date(now.getTime() - BETA_HOLD_MS)),
        ),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.createdAt));
  let written = 0;
  for (const row of rows) {
    const identity = await identityOf(db, row.email);
    const base = { identity, userId: row.userId, orderId: row.orderId, createdAt: row.paidAt ?? row.createdAt };
    const values = [
      ...(row.isBeta
        ? [
            row.paidAt
              ? { ...base, kind: 'betaSeat' as const, state: 'used' as const, usedAt: row.paidAt }
              : { ...base, kind: 'betaSeat' as const, state: 'held' as const, heldUntil: new Date(row.createdAt.getTime() + BETA_HOLD_MS) },
          ]
        : []),
      ...(row.paidAt && row.amountCents > 0 ? [{ ...base, kind: 'firstOrder' as const, state: 'used' as const, usedAt: row.paidAt }] : []),
    ];
    for (const value of values) {
      const inserted = await db.insert(entitlements).values(value).onConflictDoNothing().returning({ id: entitlements.id });
      written += inserted.length;
    }
  }
  await db
    .insert(appState)
    .values({ key: BACKFILLED_KEY, value: { at: now.toISOString(), written } })
    .onConflictDoNothing();
  return written;
}
