import { and, eq, isNull, like } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards, loginTokens, orders, payments, rateLimits, users } from '../../db/schema.js';
import { markDeleting } from '../orders/order-lifecycle.js';
import { releaseHeldSeats } from '../teams/seats.js';
import { handOnTeam, mailNewOwner } from '../teams/team-owner.js';
import { orderFolder } from '../orders/storage-keys.js';
import { mailAccountDeleted } from './deletion-mail.js';

/**
 * Deletes a customer and everything that is theirs: sessions, linked identities, orders with their
 * selfies, portraits, favorites and downloads (rows and files), pending sign-in links. Payments stay
 * for bookkeeping, detached from the person, and so does the entitlement ledger, which knows the
 * person only by a keyed hash of the address (see docs/decisions.md). A team the account owned passes to its
 * longest-serving admin, who is told. Once done, the address it had gets the deletion mail in the
 * account's language.
 */
export async function deleteAccount(ctx: Pick<AppContext, 'database' | 'files' | 'clock' | 'mailer' | 'log' | 'config'>, userId: string): Promise<void> {
  const { db } = ctx.database;
  const [user] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  if (!user) return;
  // Every order is marked first, so a generation running now stops before it writes again; then the
  // files go. If this fails half-way the account still exists and deletion can be retried.
  const owned = await markDeleting(db, eq(orders.userId, userId), ctx.clock.now());
  for (const id of owned) await ctx.files.deletePrefix(orderFolder(id));
  const handedOn = await db.transaction(async (tx) => {
    const team = await handOnTeam(tx, userId);
    await tx.update(payments).set({ userId: null, orderId: null, cardLast4: null }).where(eq(payments.userId, userId));
    await tx.delete(loginTokens).where(eq(loginTokens.email, user.email));
    await tx.delete(rateLimits).where(like(rateLimits.key, `%:email:${user.email}`));
    await releaseHeldSeats(tx, userId);
    // Gift cards: a card redeemed here but not used yet goes back to unredeemed, for its code to work again.
    await tx
      .update(giftCards)
      .set({ redeemedBy: null, redeemedIdentity: null, redeemedAt: null })
      .where(and(eq(giftCards.redeemedBy, userId), isNull(giftCards.usedAt)));
    // Sessions, identities, orders and their selfies, portraits, favorites and downloads cascade.
    await tx.delete(users).where(eq(users.id, userId));
    return team?.newOwner;
  });
  if (handedOn) await mailNewOwner(ctx, handedOn, 'handedOn');
  await mailAccountDeleted(ctx, user);
}
