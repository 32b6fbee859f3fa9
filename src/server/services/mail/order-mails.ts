import type { Db } from '../../db/client.js';
import { orderMails } from '../../db/schema.js';

export type OrderMailKind = (typeof orderMails.$inferInsert)['kind'];

/** Remembers a mail about an order, sent or not, for the console's order page. */
export async function recordOrderMail(db: Db, { orderId, kind, sent, at }: { orderId: string; kind: OrderMailKind; sent: boolean; at: Date }): Promise<void> {
  await db.insert(orderMails).values({ orderId, kind, sent, createdAt: at });
}
