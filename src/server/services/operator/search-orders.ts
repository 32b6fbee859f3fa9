import { and, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import type { OperatorOrderRow } from '../../../shared/contracts/operator.js';
import type { OrderStatus } from '../../../shared/orders.js';
import { afterCursor, cursorTime, encodeCursor } from './cursor.js';

export interface OrderSearch {
  query?: string;
  status?: OrderStatus;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

/** Customers whose email starts with this, at most this many (an email prefix that matches more is too vague). */
const EMAIL_MATCHES = 200;

/** The columns every console list shows of an order. */
export const orderRowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  email: users.email,
  packageId: orders.packageId,
  categoryId: orders.categoryId,
  amountCents: orders.amountCents,
  currency: orders.currency,
  imageGenerated: orders.imageGenerated,
  imageTotal: orders.imageTotal,
  purgedAt: orders.purgedAt,
};

type RowColumns = Omit<OperatorOrderRow, 'createdAt' | 'expired'> & { createdAt: Date; purgedAt: Date | null };

export const operatorOrderRow = ({ purgedAt, createdAt, ...row }: RowColumns): OperatorOrderRow => ({
  ...row,
  createdAt: createdAt.toISOString(),
  expired: purgedAt !== null,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000);

/**
 * The console's order search, newest first, a page at a time (keyset: the next page starts after the
 * last row's time and id). `query` is an order id or its start (the 8 characters the customer sees), or
 * a customer's email or its start; `status`, `from` and `to` (UTC days, inclusive) narrow it. Every
 * filter is served by an index, so a page stays quick at any number of orders.
 */
export async function searchOrders(db: Db, search: OrderSearch) {
  const limit = search.limit ?? 25;
  const conditions: (SQL | undefined)[] = [
    search.status ? eq(orders.status, search.status) : undefined,
    search.from ? gte(orders.createdAt, new Date(`${search.from}T00:00:00Z`)) : undefined,
    search.to ? lt(orders.createdAt, nextDay(search.to)) : undefined,
    afterCursor(search.cursor, orders.createdAt, orders.id),
  ];
  const query = search.query?.trim().toLowerCase();
  if (query) conditions.push(await matching(db, query));

  const rows = await db
    .select({ ...orderRowColumns, at: cursorTime(orders.createdAt) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    orders: page.map(({ at: _at, ...row }) => operatorOrderRow(row)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

/** Orders whose id starts with the query, or whose customer's email does. */
async function matching(db: Db, query: string): Promise<SQL> {
  const prefix = `${escapeLike(query)}%`;
  const customers = await db.select({ id: users.id }).from(users).where(like(users.email, prefix)).limit(EMAIL_MATCHES);
  const byEmail =
    customers.length > 0
      ? inArray(
          orders.userId,
          customers.map((c) => c.id),
        )
      : undefined;
  // Only hex digits and dashes can start an id; `::text` matches the index on the id's text.
  const byId = /^[0-9a-f-]+$/.test(query) ? like(sql`(${orders.id}::text)`, prefix) : undefined;
  return or(byId, byEmail) ?? sql`false`;
}
