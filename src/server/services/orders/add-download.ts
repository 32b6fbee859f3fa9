import type { Db } from '../../db/client.js';
import { downloads } from '../../db/schema.js';
import { findOwnOrder } from './find-own-order.js';
import { assertPortraitNumber } from './portrait-numbers.js';

/** Records that the customer downloaded portrait `no` on its own (a download ends refund eligibility). */
export async function addDownload(db: Db, { userId, orderId, no }: { userId: string; orderId: string; no: number }): Promise<void> {
  const order = await findOwnOrder(db, userId, orderId);
  assertPortraitNumber(order, no, 'no');
  await db.insert(downloads).values({ orderId: order.id, no, via: 'single' });
}
