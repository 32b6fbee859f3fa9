import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites } from '../../db/schema.js';
import { findOwnOrder } from './find-own-order.js';
import { assertPortraitNumber } from './portrait-numbers.js';

/**
 * Replaces an order's favorites with `noList` in one transaction, so two quick toggles can never
 * leave a mix of both lists. Every number must be a portrait of the order.
 */
export async function setFavorites(
  db: Db,
  { userId, orderId, noList }: { userId: string; orderId: string; noList: number[] },
): Promise<{ favoriteImages: number[] }> {
  const order = await findOwnOrder(db, userId, orderId);
  for (const no of noList) assertPortraitNumber(order, no, 'noList');
  const sorted = [...noList].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx.delete(favorites).where(eq(favorites.orderId, order.id));
    if (sorted.length > 0) await tx.insert(favorites).values(sorted.map((no) => ({ orderId: order.id, no })));
  });
  return { favoriteImages: sorted };
}
