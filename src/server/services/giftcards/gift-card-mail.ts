import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { giftCards } from '../../db/schema.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { inertText } from '../../../shared/email.js';
import { serverT } from '../../i18n.js';
import { renderMail } from '../mail/render-mail.js';
import { openGiftCode } from './codes.js';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'log' | 'mailer' | 'config'>;
type Card = typeof giftCards.$inferSelect;

/** Where the recipient redeems: the dashboard's gift card page with the code filled in. */
export const redeemUrl = (publicUrl: string, code: string) => `${publicUrl}/dashboard/giftcards?redeem=${encodeURIComponent(code)}`;

/** The card's mail to its recipient, in the language the buyer chose. False when it could not be sent. */
export async function mailGiftCard(ctx: Ctx, card: Card): Promise<boolean> {
  if (!card.recipientEmail) return false;
  const { t } = serverT(card.language);
  const code = await openGiftCode(ctx.database.db, card.codeSealed);
  // What the buyer typed shows as text, never as a link (the card's mail is not a way to mail one).
  const from = inertText(card.buyerName);
  const pkg = findPackage(card.packageId);
  const packageName = t(`catalog.packages.${card.packageId}.name`);
  const mail = renderMail({
    heading: card.recipientName ? t('email.giftCard.headingNamed', { name: inertText(card.recipientName), from }) : t('email.giftCard.heading', { from }),
    paragraphs: [
      t('email.giftCard.body', { from, package: packageName, count: pkg?.portraits ?? 0 }),
      ...(card.message ? [t('email.giftCard.message', { from, message: inertText(card.message) })] : []),
      t('email.giftCard.code', { code }),
    ],
    button: { label: t('email.giftCard.button'), url: redeemUrl(ctx.config.publicUrl, code) },
    footer: t('email.giftCard.footer'),
  });
  try {
    await ctx.mailer.send({ to: card.recipientEmail, subject: t('email.giftCard.subject', { from }), ...mail });
    return true;
  } catch (error) {
    ctx.log.error({ err: error, giftCardId: card.id }, 'could not mail a gift card');
    return false;
  }
}

/**
 * Mails a paid, unredeemed mail card once: `sent_at` is claimed by a conditional update, so the sweep, the
 * payment and a second process never mail it twice; a mail that could not go out gives the claim back
 * for the next sweep.
 */
export async function sendGiftCardMail(ctx: Ctx, giftCardId: string): Promise<boolean> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const [card] = await db
    .update(giftCards)
    .set({ sentAt: now })
    .where(
      and(eq(giftCards.id, giftCardId), eq(giftCards.status, 'paid'), eq(giftCards.delivery, 'mail'), isNull(giftCards.sentAt), isNull(giftCards.redeemedAt)),
    )
    .returning();
  if (!card) return false;
  if (await mailGiftCard(ctx, card)) return true;
  await db
    .update(giftCards)
    .set({ sentAt: null })
    .where(and(eq(giftCards.id, card.id), eq(giftCards.sentAt, now)));
  return false;
}

/** Cards mailed per sweep at most; the rest on the next minute. */
const SWEEP_LIMIT = 100;

/** Every minute: the paid cards whose send date has come are mailed (once each). */
export async function sendDueGiftCards(ctx: Ctx): Promise<number> {
  const due = await ctx.database.db
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(
      and(
        eq(giftCards.status, 'paid'),
        eq(giftCards.delivery, 'mail'),
        isNull(giftCards.sentAt),
        isNull(giftCards.redeemedAt),
        lte(giftCards.sendAt, ctx.clock.now()),
      ),
    )
    .orderBy(asc(giftCards.sendAt))
    .limit(SWEEP_LIMIT);
  let sent = 0;
  for (const { id } of due) if (await sendGiftCardMail(ctx, id)) sent++;
  return sent;
}
