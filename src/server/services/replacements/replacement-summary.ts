import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { replacements } from '../../db/schema.js';
import { findPackage } from '../../../shared/catalog/packages.js';

export interface ReplacementSummary {
  /** Free replacements the package includes. */
  included: number;
  /** Left to use: a pending or done replacement counts, a failed one is given back. */
  left: number;
  /** Portrait numbers being replaced now. */
  pending: number[];
  /** Portrait numbers whose last replacement could not be made (the portrait was kept as it was). */
  failed: number[];
}

/** What the order's free replacements stand at. */
export async function replacementSummary(db: Db, order: { id: string; packageId: string }): Promise<ReplacementSummary> {
  const included = findPackage(order.packageId)?.freeReplacements ?? 0;
  const rows = await db
    .select({ no: replacements.no, status: replacements.status, createdAt: replacements.createdAt })
    .from(replacements)
    .where(eq(replacements.orderId, order.id))
    .orderBy(replacements.createdAt);
  const latest = new Map<number, string>();
  for (const row of rows) latest.set(row.no, row.status);
  const used = rows.filter((row) => row.status !== 'failed').length;
  return {
    included,
    left: Math.max(0, included - used),
    pending: [...latest]
      .filter(([, status]) => status === 'pending')
      .map(([no]) => no)
      .sort((a, b) => a - b),
    failed: [...latest]
      .filter(([, status]) => status === 'failed')
      .map(([no]) => no)
      .sort((a, b) => a - b),
  };
}

/** Replacements of an order still being made (a deletion waits for nothing: rows cascade). */
export async function pendingReplacements(db: Db, orderId: string) {
  return db
    .select({ id: replacements.id })
    .from(replacements)
    .where(and(eq(replacements.orderId, orderId), inArray(replacements.status, ['pending'])));
}
