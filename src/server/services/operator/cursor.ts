import { type AnyColumn, type SQL, and, eq, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../errors.js';

/**
 * A keyset cursor: the creation time and id of the last row of a page, so the next page starts right
 * after it whatever was added meanwhile, and reads as fast at page 1,000 as at page 1. The time is kept
 * to the microsecond, as the database stores it (a JavaScript date would round it and skip rows).
 */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

const MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!MICROS.test(at) || !UUID.test(id)) throw new AppError('BAD_REQUEST', 'Invalid cursor: start again from the first page');
  return { at, id };
}

/** A column's time as the cursor keeps it (UTC, microseconds). */
export const cursorTime = (column: AnyColumn): SQL<string> => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in newest-first order of (time, id); nothing for the first page. */
export function afterCursor(cursor: string | undefined, time: AnyColumn, id: AnyColumn): SQL | undefined {
  if (!cursor) return undefined;
  const after = decodeCursor(cursor);
  const at = sql`${after.at}::timestamptz`;
  return or(lt(time, at), and(eq(time, at), lt(id, after.id)));
}
