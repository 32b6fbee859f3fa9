import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { canResend, ownGiftCard, RESENDS_PER_DAY, viewOf } from './gift-card-view.js';
import { mailGiftCard } from './gift-card-mail.js';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'log' | 'mailer' | 'config'>;
type Card = typeof giftCards.$inferSelect;

/**
 * Mails a paid, unredeemed card again to the same recipient (a scheduled one goes out now). One of
 * `RESENDS_PER_DAY` per card and UTC day is counted by a conditional update before the mail leaves.
 */
export async function resendCard(ctx: Ctx, card: Card): Promise<Card> {
  const { db } = ctx.database;
  if (!canResend(card)) throw new AppError('CONFLICT', 'This gift card cannot be mailed again');
  const now = ctx.clock.now();
  const day = now.toISOString().slice(0, 10);
  const [counted] = await db
    .update(giftCards)
    .set({
      resendDay: day,
      resends: sql`case when ${giftCards.resendDay} = ${day} then ${giftCards.resends} + 1 else 1 end`,
      sentAt: sql`coalesce(${giftCards.sentAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(giftCards.id, card.id),
        eq(giftCards.status, 'paid'),
        isNull(giftCards.redeemedAt),
        or(isNull(giftCards.resendDay), ne(giftCards.resendDay, day), lt(giftCards.resends, RESENDS_PER_DAY)),
      ),
    )
    .returning();
  if (!counted) {
    const [now2] = await db.select().from(giftCards).where(eq(giftCards.id, card.id));
    if (now2 && canResend(now2)) throw new AppError('TOO_MANY_REQUESTS', `A gift card can be mailed again ${RESENDS_PER_DAY} times a day; please try tomorrow`);
    throw new AppError('CONFLICT', 'This gift card cannot be mailed again');
  }
  if (!(await mailGiftCard(ctx, counted))) throw new AppError('UNAVAILABLE', 'The mail could not be sent just now. Please try again in a few minutes.');
  return counted;
}

/** The buyer's resend. */
export async function resendGiftCard(ctx: Ctx, { userId, giftCardId }: { userId: string; giftCardId: string }) {
  const { db } = ctx.database;
  const card = await resendCard(ctx, await ownGiftCard(db, userId, giftCardId));
  return viewOf(db, card, ctx.clock.now());
}
