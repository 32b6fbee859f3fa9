import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * Real delivery through any SMTP server named by SMTP_URL. The server greets it (EHLO) as `greetingName`,
 * the public host, rather than the machine's own name, which receiving servers and spam filters check.
 */
export function createSmtpMailer(smtpUrl: string, from: string, greetingName: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, name: greetingName });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
  };
}
