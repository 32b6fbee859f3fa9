import type { AppContext } from '../../context.js';
import { serverT } from '../../i18n.js';
import { renderMail } from '../mail/render-mail.js';

/**
 * Tells the customer their account was deleted, in the account's language, at the address it had: what
 * went with it, and that payment records stay for bookkeeping (`deleteAccount` detaches them). A mail
 * problem is logged, not fatal: the account is gone either way.
 */
export async function mailAccountDeleted(ctx: Pick<AppContext, 'mailer' | 'log'>, { email, language }: { email: string; language: string }): Promise<void> {
  const { t } = serverT(language);
  try {
    await ctx.mailer.send({
      to: email,
      subject: t('email.deleted.subject'),
      ...renderMail({
        heading: t('email.deleted.heading'),
        paragraphs: [t('email.deleted.intro', { email }), t('email.deleted.what'), t('email.deleted.payments')],
        footer: t('email.deleted.footer'),
      }),
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send the account deletion mail');
  }
}
