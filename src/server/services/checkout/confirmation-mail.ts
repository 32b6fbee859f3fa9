import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, payments, users } from '../../db/schema.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { formatMoney, shortOrderId } from '../../../shared/format.js';
import { serverT } from '../../i18n.js';
import { recordOrderMail } from '../mail/order-mails.js';
import { renderMail } from '../mail/render-mail.js';

/**
 * The payment confirmation, sent once when a checkout is fulfilled: the order's short id, what was
 * bought, the amount (or that the beta order is free), when to expect the portraits, where to watch
 * them come, and the receipt, in the account's language. Mail problems are logged and recorded for the console, not fatal.
 */
export async function mailPaymentConfirmation(ctx: Pick<AppContext, 'database' | 'mailer' | 'config' | 'clock' | 'log'>, orderId: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({
      email: users.email,
      language: users.language,
      packageId: orders.packageId,
      categoryId: orders.categoryId,
      amountCents: payments.amountCents,
      currency: payments.currency,
      receiptUrl: payments.receiptUrl,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(eq(orders.id, orderId));
  const pkg = row && findPackage(row.packageId);
  if (!row || !pkg) return false;
  const { t, language } = serverT(row.language);
  const order = shortOrderId(orderId);
  const receipt = row.receiptUrl && new URL(row.receiptUrl, ctx.config.publicUrl).href;
  const mail = renderMail({
    heading: t('email.confirmed.heading'),
    paragraphs: [
      row.amountCents > 0
        ? t('email.confirmed.paid', { order, amount: formatMoney(row.amountCents, row.currency, language) })
        : t('email.confirmed.free', { order }),
      t('email.confirmed.bought', {
        package: t(`catalog.packages.${pkg.id}.name`),
        category: t(`catalog.categories.${row.categoryId}.name`),
        count: pkg.portraits,
      }),
      t('email.confirmed.next', { count: pkg.deliveryHours }),
      ...(receipt && row.amountCents > 0 ? [t('email.confirmed.receipt', { url: receipt })] : []),
    ],
    button: { label: t('email.confirmed.button'), url: `${ctx.config.publicUrl}/dashboard/photoSelector/${orderId}` },
    footer: t('email.confirmed.footer'),
  });
  let sent = true;
  try {
    await ctx.mailer.send({ to: row.email, subject: t('email.confirmed.subject', { order }), ...mail });
  } catch (error) {
    sent = false;
    ctx.log.error({ err: error, orderId }, 'could not send the payment confirmation');
  }
  await recordOrderMail(ctx.database.db, { orderId, kind: 'confirmed', sent, at: ctx.clock.now() });
  return sent;
}
