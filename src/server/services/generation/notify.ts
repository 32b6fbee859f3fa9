import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, users } from '../../db/schema.js';
import { shortOrderId } from '../../../shared/format.js';
import { serverT } from '../../i18n.js';
import { recordOrderMail } from '../mail/order-mails.js';
import { renderMail } from '../mail/render-mail.js';

/** Tells the customer that their portraits are ready, or that the order failed. Mail problems are logged, not fatal. */
export async function notifyCustomer(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'config' | 'log' | 'clock'>,
  { userId, orderId, outcome }: { userId: string; orderId: string; outcome: 'ready' | 'failed' },
): Promise<boolean> {
  const [user] = await ctx.database.db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  // Fewer portraits passed the likeness check than the package promises: the mail says so, and what can be done.
  const [order] = await ctx.database.db.select({ delivered: orders.imageGenerated, promised: orders.imageTotal }).from(orders).where(eq(orders.id, orderId));
  const shortfall = outcome === 'ready' && order && order.delivered < order.promised ? order : null;
  const { t } = serverT(user.language);
  const shortId = shortOrderId(orderId);
  const url = `${ctx.config.publicUrl}/dashboard/photoSelector/${orderId}`;
  const mail =
    outcome === 'ready'
      ? renderMail({
          heading: t('email.ready.heading'),
          paragraphs: [
            t('email.ready.intro', { order: shortId }),
            ...(shortfall
              ? [t('email.ready.shortfall', { delivered: shortfall.delivered, promised: shortfall.promised, email: ctx.config.mail.supportEmail })]
              : []),
            t('email.ready.retention'),
          ],
          button: { label: t('email.ready.button'), url },
          footer: t('email.ready.footer'),
        })
      : renderMail({
          heading: t('email.failed.heading'),
          paragraphs: [t('email.failed.intro', { order: shortId }), t('email.failed.support', { email: ctx.config.mail.supportEmail })],
          footer: t('email.failed.footer'),
        });
  let sent = true;
  try {
    await ctx.mailer.send({ to: user.email, subject: t(`email.${outcome}.subject`, { order: shortId }), ...mail });
  } catch (error) {
    sent = false;
    ctx.log.error({ err: error, orderId }, 'could not send the order mail');
  }
  await recordOrderMail(ctx.database.db, { orderId, kind: outcome, sent, at: ctx.clock.now() });
  return sent;
}
