import type { TestApp } from './app';
import { downloads, favorites, offlineCheckoutSessions, orders, payments, portraits, selfies } from '@/server/db/schema';
import { portraitKey, selfieKey, thumbKey } from '@/server/services/orders/storage-keys';
import { priceOf } from '../../support/prices';

/**
 * A completed order with everything an order can own: selfies, portraits (rows and files),
 * favorites, downloads and a payment, paid through the offline provider's own checkout session (so that
 * the provider can refund it). For tests that count what deletion removes.
 */
export async function seedCompletedOrder(t: TestApp, userId: string, { portraitsCount = 3 } = {}) {
  const { db } = t.app.ctx.database;
  const now = t.app.ctx.clock.now();
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      status: 'completed',
      categoryId: 'doctor',
      packageId: 'basic',
      portraitInfo: { type: 'doctor', package: 'basic', gender: 'woman' },
      imageTotal: portraitsCount,
      imageGenerated: portraitsCount,
      progress: 100,
      priceCents: priceOf('basic'),
      amountCents: priceOf('basic'),
      paidAt: now,
      completedAt: now,
      checkoutSessionId: `cs_test_${Math.random().toString(36).slice(2)}`,
    })
    .returning();
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
  await db.insert(selfies).values({ orderId: order!.id, no: 1, storageKey: selfieKey(order!.id, 1), contentType: 'image/jpeg', bytes: 4, width: 1, height: 1 });
  await t.app.ctx.files.put(selfieKey(order!.id, 1), jpeg, 'image/jpeg');
  for (let no = 1; no <= portraitsCount; no++) {
    await db
      .insert(portraits)
      .values({ orderId: order!.id, no, storageKey: portraitKey(order!.id, no), thumbKey: thumbKey(order!.id, no), width: 832, height: 1216, bytes: 4 });
    await t.app.ctx.files.put(portraitKey(order!.id, no), jpeg, 'image/jpeg');
    await t.app.ctx.files.put(thumbKey(order!.id, no), jpeg, 'image/jpeg');
  }
  await db.insert(favorites).values({ orderId: order!.id, no: 1 });
  await db.insert(downloads).values({ orderId: order!.id, no: 1, via: 'single' });
  await db.insert(offlineCheckoutSessions).values({
    id: order!.checkoutSessionId!,
    orderId: order!.id,
    clientSecretHash: `seeded-${order!.checkoutSessionId}`,
    priceCents: priceOf('basic'),
    amountCents: priceOf('basic'),
    currency: 'usd',
    status: 'paid',
    expiresAt: now,
    paidAt: now,
  });
  await db.insert(payments).values({
    userId,
    orderId: order!.id,
    provider: 'offline',
    checkoutSessionId: order!.checkoutSessionId!,
    packageId: 'basic',
    priceCents: priceOf('basic'),
    amountCents: priceOf('basic'),
    currency: 'usd',
    cardLast4: '4242',
    receiptUrl: `/v1/receipts/${order!.id}`,
  });
  return order!;
}
