import type { Db } from '../../db/client.js';
import { downloads } from '../../db/schema.js';
import { findOwnOrder } from './find-own-order.js';
import { assertPortraitNumber } from './portrait-numbers.js';

/**
 * Records that portraits `nos` of an order left the server at full resolution (the refund policy counts
 * these rows: one ends the money-back guarantee). Every path that sends the deliverable calls it before
 * the first byte goes (the image route, the zip), and so does a client's own report (`addDownload`).
 */
export async function recordDownloads(db: Db, orderId: string, nos: readonly number[], via: 'single' | 'zip'): Promise<void> {
  if (nos.length === 0) return;
  await db.insert(downloads).values(nos.map((no) => ({ orderId, no, via })));
}

/** Records that the customer downloaded portrait `no` on its own (`POST /v1/order/addDownloaded`). */
export async function addDownload(db: Db, { userId, orderId, no }: { userId: string; orderId: string; no: number }): Promise<void> {
  const order = await findOwnOrder(db, userId, orderId);
  assertPortraitNumber(order, no, 'no');
  await recordDownloads(db, order.id, [no], 'single');
}
