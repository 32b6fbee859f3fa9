import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * The embedded mailer: each message becomes a complete `.eml` file in the outbox folder (open it in
 * any mail client), and `onSent` lets the caller log where it went.
 */
export function createOutboxMailer(outboxDir: string, from: string, onSent: (file: string, message: MailMessage) => void): Mailer {
  // nodemailer (which builds the MIME message) loads with the first mail, not with the server.
  let transport: Promise<{ sendMail(mail: object): Promise<{ message: unknown }> }> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })));
  return {
    async send(message: MailMessage) {
      const info = await (await transportOf()).sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Cut short: an address may be 254 characters, more than a file name may hold with the rest.
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100);
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${process.hrtime.bigint()}.eml`);
      await writeFile(file, info.message as Buffer);
      onSent(file, message);
    },
  };
}
