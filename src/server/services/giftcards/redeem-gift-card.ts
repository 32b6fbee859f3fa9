import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enforceRateLimit } from '../auth/rate-limit.js';
import { identityOfUser } from '../entitlements/identity.js';
import { hashGiftCode, normaliseGiftCode } from './codes.js';
import { giftCardNotFound } from './gift-card-view.js';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config'>;

const HOUR_MS = 3600_000;

export const ALREADY_REDEEMED = 'This gift card has already been redeemed';
const NO_LONGER_VALID = 'This gift card is no longer valid';

/**
 * The paid card behind a code as typed. Every attempt counts against the caller's account first (right
 * or wrong), so one account cannot try codes in bulk; a wrong code also counts against the client address,
 * which many customers may share (an office, a carrier's address), so a right code is never refused for
 * what others behind it typed. A code that is wrong, unpaid or malformed is "not found".
 */
async function cardOfCode(ctx: Ctx, { userId, ip, code }: { userId: string; ip: string; code: string }) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const message = (minutes: number) => `Too many gift card attempts; please try again in ${minutes} minutes`;
  await enforceRateLimit(db, { key: `giftcard:user:${userId}`, limit: ctx.config.giftCardAttemptsPerHour, windowMs: HOUR_MS, now, message });
  const bare = normaliseGiftCode(code);
  const [card] = bare
    ? await db
        .select()
        .from(giftCards)
        .where(eq(giftCards.codeHash, await hashGiftCode(db, bare)))
    : [];
  if (!card || card.status === 'open' || card.status === 'expired') {
    await enforceRateLimit(db, { key: `giftcard:ip:${ip}`, limit: ctx.config.giftCardWrongCodesPerIpPerHour, windowMs: HOUR_MS, now, message });
    throw giftCardNotFound();
  }
  if (card.status !== 'paid') throw new AppError('CONFLICT', NO_LONGER_VALID);
  return card;
}

const preview = (card: typeof giftCards.$inferSelect) => ({ giftCardId: card.id, packageId: card.packageId, from: card.buyerName, message: card.message });

/** What a code is for (the package, who it is from), shown before the customer confirms. */
export async function checkGiftCode(ctx: Ctx, input: { userId: string; ip: string; code: string }) {
  const card = await cardOfCode(ctx, input);
  if (card.redeemedAt) throw new AppError('CONFLICT', ALREADY_REDEEMED);
  return preview(card);
}

/**
 * Attaches a paid card to the caller's account by ONE conditional update (paid and not redeemed): of any
 * number of concurrent attempts exactly one wins, the others are told it was redeemed. The buyer may
 * redeem their own card (a card printed for oneself is legitimate).
 */
export async function redeemGiftCard(ctx: Ctx, input: { userId: string; ip: string; code: string }) {
  const { db } = ctx.database;
  const card = await cardOfCode(ctx, input);
  const identity = await identityOfUser(db, input.userId);
  if (!identity) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const [redeemed] = await db
    .update(giftCards)
    .set({ redeemedBy: input.userId, redeemedIdentity: identity, redeemedAt: ctx.clock.now() })
    .where(and(eq(giftCards.id, card.id), eq(giftCards.status, 'paid'), isNull(giftCards.redeemedAt)))
    .returning();
  if (!redeemed) {
    const [after] = await db.select({ status: giftCards.status }).from(giftCards).where(eq(giftCards.id, card.id));
    throw new AppError('CONFLICT', after?.status === 'paid' ? ALREADY_REDEEMED : NO_LONGER_VALID);
  }
  return preview(redeemed);
}
