import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox.js';

export type { Mailer, MailMessage } from './mailer.js';

/** SMTP when SMTP_URL is set, otherwise `.eml` files in `$DATA_DIR/outbox` with links in the log. */
export async function createMailer(config: Config['mail'], log: FastifyBaseLogger): Promise<Mailer> {
  if (config.smtpUrl) return (await import('./smtp.js')).createSmtpMailer(config.smtpUrl, config.from, config.greetingName);
  return createOutboxMailer(config.outboxDir, config.from, (file, message) => {
    // The outbox is the development mailbox: the links are logged so a developer can click them.
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to the outbox');
  });
}
