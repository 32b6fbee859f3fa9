import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox.js';

export type { Mailer, MailMessage } from './mailer.js';

/** SMTP when SMTP_URL is set, otherwise `.eml` files in `$DATA_DIR/outbox`, each named in the log. */
export async function createMailer(config: Config['mail'], log: FastifyBaseLogger): Promise<Mailer> {
  if (config.smtpUrl) return (await import('./smtp.js')).createSmtpMailer(config.smtpUrl, config.from, config.greetingName);
  return createOutboxMailer(config.outboxDir, config.from, (file, message) => {
    // The file, never its links: a sign-in link in the log would let whoever reads it sign in as anyone.
    log.info({ file, subject: message.subject }, 'mail written to the outbox');
  });
}
