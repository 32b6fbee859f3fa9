import { and, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { giftCards, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { hashGiftCode, normaliseGiftCode } from '../giftcards/codes.js';
import { resendCard } from '../giftcards/resend-gift-card.js';
import { giftCardNotFound, stateOf } from '../giftcards/gift-card-view.js';
import { type Actor, runAction } from './audit.js';

const buyers = alias(users, 'buyers');
const redeemers = alias(users, 'redeemers');
const SEARCH_LIMIT = 50;

/** The console's row of a card: buyer, recipient, state, the order it paid. Never the code. */
async function rows(db: Db, where: ReturnType<typeof and>) {
  const found = await db
    .select({ card: giftCards, buyerEmail: buyers.email, redeemedByEmail: redeemers.email })
    .from(giftCards)
    .leftJoin(buyers, eq(buyers.id, giftCards.buyerId))
    .leftJoin(redeemers, eq(redeemers.id, giftCards.redeemedBy))
    .where(and(inArray(giftCards.status, ['paid', 'refunded', 'void']), where))
    .orderBy(desc(giftCards.createdAt))
    .limit(SEARCH_LIMIT);
  return found.map(({ card, buyerEmail, redeemedByEmail }) => ({
    id: card.id,
    packageId: card.packageId,
    amountCents: card.amountCents,
    currency: card.currency,
    buyerEmail,
    recipientEmail: card.recipientEmail,
    delivery: card.delivery,
    state: stateOf(card),
    sendAt: card.sendAt.toISOString(),
    sentAt: card.sentAt?.toISOString() ?? null,
    paidAt: card.paidAt?.toISOString() ?? null,
    redeemedByEmail,
    redeemedAt: card.redeemedAt?.toISOString() ?? null,
    orderId: card.usedAt ? card.orderId : null,
    voidedAt: card.voidedAt?.toISOString() ?? null,
    voidedBy: card.voidedBy,
    createdAt: card.createdAt.toISOString(),
  }));
}

/** Cards by code (exactly), by id, or by the buyer's or recipient's address (in part). */
export async function searchGiftCards(db: Db, { query }: { query: string }) {
  const bare = normaliseGiftCode(query);
  if (bare) return { cards: await rows(db, eq(giftCards.codeHash, await hashGiftCode(db, bare))) };
  if (UUID_PATTERN.test(query)) return { cards: await rows(db, eq(giftCards.id, query)) };
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { cards: await rows(db, or(ilike(buyers.email, pattern), ilike(giftCards.recipientEmail, pattern))) };
}

async function cardFor(db: Db, giftCardId: string) {
  const [found] = UUID_PATTERN.test(giftCardId)
    ? await db
        .select({ card: giftCards, buyerEmail: buyers.email })
        .from(giftCards)
        .leftJoin(buyers, eq(buyers.id, giftCards.buyerId))
        .where(eq(giftCards.id, giftCardId))
    : [];
  if (!found || found.card.status === 'open' || found.card.status === 'expired') throw giftCardNotFound();
  return found;
}

/** Voids an unredeemed paid card (a card reported stolen, a payment disputed): its code redeems nothing any more. Audited. */
export async function voidGiftCard(ctx: Pick<AppContext, 'database' | 'clock' | 'log'>, actor: Actor, input: { giftCardId: string; reason?: string }) {
  const { db } = ctx.database;
  const { card, buyerEmail } = await cardFor(db, input.giftCardId);
  return runAction(
    ctx,
    actor,
    { action: 'voidGiftCard', customerEmail: buyerEmail ?? undefined, detail: { giftCardId: card.id, reason: input.reason ?? '' } },
    async () => {
      const [done] = await db
        .update(giftCards)
        .set({ status: 'void', voidedAt: ctx.clock.now(), voidedBy: actor.email })
        .where(and(eq(giftCards.id, card.id), eq(giftCards.status, 'paid'), isNull(giftCards.redeemedAt)))
        .returning({ id: giftCards.id });
      if (!done) throw new AppError('CONFLICT', 'Only a paid gift card that was not redeemed can be voided');
      return { packageId: card.packageId };
    },
  );
}

/** Mails a card again to its recipient (within the daily limit). Audited. */
export async function resendGiftCardAsOperator(ctx: Pick<AppContext, 'database' | 'clock' | 'log' | 'mailer' | 'config'>, actor: Actor, giftCardId: string) {
  const { db } = ctx.database;
  const { card, buyerEmail } = await cardFor(db, giftCardId);
  return runAction(ctx, actor, { action: 'resendGiftCard', customerEmail: buyerEmail ?? undefined, detail: { giftCardId: card.id } }, async () => {
    await resendCard(ctx, card);
    return { recipient: card.recipientEmail };
  });
}

/** The overview's gift card figures: sold, redeemed, refunded, and the value still outstanding (paid, not used). */
export async function giftCardTotals(db: Db) {
  const [row] = await db
    .select({
      sold: sql<number>`count(*) filter (where ${giftCards.paidAt} is not null)`.mapWith(Number),
      redeemed: sql<number>`count(*) filter (where ${giftCards.redeemedAt} is not null and ${giftCards.status} = 'paid')`.mapWith(Number),
      refunded: sql<number>`count(*) filter (where ${giftCards.status} = 'refunded')`.mapWith(Number),
      outstandingCents:
        sql<number>`coalesce(sum(${giftCards.amountCents}) filter (where ${giftCards.status} = 'paid' and ${giftCards.usedAt} is null), 0)`.mapWith(Number),
    })
    .from(giftCards);
  return row ?? { sold: 0, redeemed: 0, refunded: 0, outstandingCents: 0 };
}
