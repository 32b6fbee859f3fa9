import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites } from '../../db/schema.js';
import { favoriteLinkValid } from '../orders/portrait-links.js';

/** A team admin's favourite-thumbnail token, valid only while the member keeps the portrait as a favourite. */
export async function teamFavoriteLinkValid(db: Db, orderId: string, no: number, token: string, now: Date): Promise<boolean> {
  if (!token.startsWith('f') || !(await favoriteLinkValid(db, orderId, no, token, now))) return false;
  const [row] = await db
    .select({ no: favorites.no })
    .from(favorites)
    .where(and(eq(favorites.orderId, orderId), eq(favorites.no, no)));
  return row !== undefined;
}
