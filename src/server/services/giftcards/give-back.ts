import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { giftCards } from '../../db/schema.js';

/** A gift card order that failed for good gives its card back, so it can pay for another order. */
export async function giveGiftCardBack(db: Db, orderId: string): Promise<void> {
  await db.update(giftCards).set({ usedAt: null, orderId: null }).where(eq(giftCards.orderId, orderId));
}
