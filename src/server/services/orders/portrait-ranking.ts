import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { portraits } from '../../db/schema.js';

/** An order's portraits best first: by likeness score, unscored ones (made before the check) after, by number. */
export async function portraitRanking(db: Db, orderId: string): Promise<{ no: number; version: number }[]> {
  return db
    .select({ no: portraits.no, version: portraits.version })
    .from(portraits)
    .where(eq(portraits.orderId, orderId))
    .orderBy(sql`${portraits.score} is null`, desc(portraits.score), asc(portraits.no));
}
