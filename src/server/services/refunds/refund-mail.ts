import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { formatDate, formatMoney, shortOrderId } from '../../../shared/format.js';
import { serverT } from '../../i18n.js';
import { recordOrderMail } from '../mail/order-mails.js';
import { renderMail } from '../mail/render-mail.js';
import { type Order, purgeDate } from '../orders/order-lifecycle.js';
import type { RefundTerms } from './refund-terms.js';

/**
 * The refund's mail, saying why it was made (the customer's own request under the guarantee, or our
 * team's refund with the operator's note) and what became of the portraits, read from the order as the
 * refund left it, in the account's language.
 */
export function refundMail(
  order: Order,
  { amountCents, paidCents, terms, language: accountLanguage }: { amountCents: number; paidCents: number; terms: RefundTerms; language: string },
) {
  const { t, language } = serverT(accountLanguage);
  const shortId = shortOrderId(order.id);
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  const guarantee = terms.reason === 'guarantee';
  const intro = guarantee
    ? t('email.refunded.intro', { order: shortId, amount: money(amountCents) })
    : amountCents < paidCents
      ? t('email.refunded.operatorPart', { order: shortId, amount: money(amountCents), paid: money(paidCents) })
      : t('email.refunded.operatorFull', { order: shortId, amount: money(amountCents) });
  const keptUntil = order.purgedAt || order.imageGenerated === 0 ? null : purgeDate(order);
  const portraits = order.purgedAt
    ? t('email.refunded.deleted')
    : keptUntil
      ? t('email.refunded.kept', { date: formatDate(keptUntil, language, { timeZone: 'UTC' }) })
      : null;
  return {
    subject: t('email.refunded.subject', { order: shortId }),
    ...renderMail({
      heading: t('email.refunded.heading'),
      paragraphs: [
        intro,
        ...(terms.note ? [t('email.refunded.note', { note: terms.note })] : []),
        t('email.refunded.timing'),
        ...(portraits ? [portraits] : []),
      ],
      footer: guarantee ? t('email.refunded.footer') : t('email.refunded.operatorFooter'),
    }),
  };
}

/** Sends the refund's mail to the order's customer and records it for the console, sent or not. */
export async function mailRefund(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'clock' | 'log'>,
  order: Order,
  refund: { amountCents: number; paidCents: number; terms: RefundTerms },
): Promise<void> {
  const [user] = await ctx.database.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, order.userId));
  if (!user) return;
  let sent = true;
  try {
    await ctx.mailer.send({ to: user.email, ...refundMail(order, { ...refund, language: user.language }) });
  } catch (error) {
    sent = false;
    ctx.log.error({ err: error, orderId: order.id }, 'could not send the refund mail');
  }
  await recordOrderMail(ctx.database.db, { orderId: order.id, kind: 'refunded', sent, at: ctx.clock.now() });
}
