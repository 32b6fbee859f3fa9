import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { LikenessFigures } from '../../../shared/contracts/operator.js';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Keyed = LikenessFigures & { key: string };

/**
 * The likeness check's figures of the candidates `where` selects, grouped by `key` (an SQL expression:
 * the UTC day, or one order): images generated, delivered and rejected, the median score, and the reasons.
 */
export async function likenessFigures(db: Db, key: SQL, where: SQL): Promise<Keyed[]> {
  const [counts, reasons] = await Promise.all([
    rows<{ key: string; generated: string; delivered: string; rejected: string; median: string | null }>(
      db,
      sql`select ${key} as key, count(*) as generated, count(delivered_as) as delivered,
            count(*) filter (where jsonb_array_length(reasons) > 0) as rejected,
            percentile_cont(0.5) within group (order by score) as median
          from candidates where ${where} group by 1 order by 1`,
    ),
    rows<{ key: string; reason: string; n: string }>(
      db,
      sql`select ${key} as key, r.reason as reason, count(*) as n
          from candidates cross join lateral jsonb_array_elements_text(candidates.reasons) as r(reason)
          where ${where} group by 1, 2`,
    ),
  ]);
  return counts.map((row) => ({
    key: row.key,
    generated: Number(row.generated),
    delivered: Number(row.delivered),
    rejected: Number(row.rejected),
    medianScore: row.median === null ? null : Number(Number(row.median).toFixed(3)),
    reasons: Object.fromEntries(reasons.filter((r) => r.key === row.key).map((r) => [r.reason, Number(r.n)])),
  }));
}
