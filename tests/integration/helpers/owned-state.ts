import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

/** Tables whose rows belong to a user directly, with the column that names the user. */
const BY_USER = [
  ['users', 'id'],
  ['sessions', 'user_id'],
  ['oauth_identities', 'user_id'],
  ['orders', 'user_id'],
  ['payments', 'user_id'],
  // Gift cards
  ['gift_cards', 'buyer_id'],
] as const;

/** Tables whose rows belong to a user through one of their orders. */
const BY_ORDER = ['selfies', 'portraits', 'favorites', 'downloads', 'offline_checkout_sessions'] as const;

/**
 * Everything a user owns, as comparable JSON: every row of theirs (and of their orders) and the number
 * of files stored for each order. Two equal snapshots mean nothing of theirs was read into a change,
 * added or removed in between.
 */
export async function ownedState(t: TestApp, userId: string) {
  const { db } = t.app.ctx.database;
  const rowsOf = async (query: ReturnType<typeof sql>) => {
    const result = await db.execute<{ r: unknown }>(query);
    return (result as unknown as { rows: { r: unknown }[] }).rows.map((row) => JSON.stringify(row.r)).sort();
  };
  const state: Record<string, unknown> = {};
  for (const [table, column] of BY_USER) {
    state[table] = await rowsOf(sql`select to_jsonb(x) as r from ${sql.identifier(table)} x where ${sql.identifier(column)} = ${userId}`);
  }
  for (const table of BY_ORDER) {
    state[table] = await rowsOf(
      sql`select to_jsonb(x) as r from ${sql.identifier(table)} x where order_id in (select id from orders where user_id = ${userId})`,
    );
  }
  const orderIds = (state.orders as string[]).map((row) => (JSON.parse(row) as { id: string }).id);
  state.files = Object.fromEntries(await Promise.all(orderIds.map(async (id) => [id, await t.app.ctx.files.count(`orders/${id}`)])));
  return state;
}
