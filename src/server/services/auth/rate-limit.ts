import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';

/**
 * Counts one hit against `key` in a fixed window kept in the database (so every web process shares
 * it) and throws 429 with `message` once `limit` is passed.
 */
export async function enforceRateLimit(
  db: Db,
  { key, limit, windowMs, now, message }: { key: string; limit: number; windowMs: number; now: Date; message: (minutes: number) => string },
): Promise<void> {
  const windowStartBefore = new Date(now.getTime() - windowMs);
  const result = await db.execute<{ hits: number; window_start: Date | string }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= ${windowStartBefore.toISOString()} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartBefore.toISOString()} then ${now.toISOString()}::timestamptz else rate_limits.window_start end
    returning hits, window_start`);
  const row = (result as unknown as { rows: { hits: number; window_start: Date | string }[] }).rows.at(0);
  // The upsert returns its row whether it inserted or updated.
  if (!row) throw new Error('The rate limit upsert returned no row');
  if (row.hits > limit) {
    const resetAt = new Date(row.window_start).getTime() + windowMs;
    const minutes = Math.max(1, Math.ceil((resetAt - now.getTime()) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', message(minutes));
  }
}

/** Takes back one hit counted by `enforceRateLimit`, for limits that only count failures. */
export async function releaseRateLimitHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
}
