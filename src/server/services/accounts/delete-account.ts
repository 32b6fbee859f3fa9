import { eq, like } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { loginTokens, orders, payments, rateLimits, users } from '../../db/schema.js';
import { orderFolder } from '../orders/storage-keys.js';

/**
 * Deletes a customer and everything that is theirs: sessions, linked identities, orders with their
 * selfies, portraits, favorites and downloads (rows and files), pending sign-in links. Payments stay
 * for bookkeeping, detached from the person (see docs/decisions.md).
 */
export async function deleteAccount(ctx: Pick<AppContext, 'database' | 'files'>, userId: string): Promise<void> {
  const { db } = ctx.database;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const owned = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  // Files first: if this fails half-way the account still exists and deletion can be retried.
  for (const order of owned) await ctx.files.deletePrefix(orderFolder(order.id));
  await db.transaction(async (tx) => {
    await tx.update(payments).set({ userId: null, orderId: null, cardLast4: null }).where(eq(payments.userId, userId));
    await tx.delete(loginTokens).where(eq(loginTokens.email, user.email));
    await tx.delete(rateLimits).where(like(rateLimits.key, `%:email:${user.email}`));
    // Sessions, identities, orders and their selfies, portraits, favorites and downloads cascade.
    await tx.delete(users).where(eq(users.id, userId));
  });
}
