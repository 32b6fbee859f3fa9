import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { canonicalEmail } from '@/shared/email';

/** A real SMTP server on a free local port that keeps every message it receives, parsed. */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  /** The name each sender greeted the server with (EHLO), in the order the messages came. */
  const greetings: string[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          greetings.push(session.hostNameAppearsAs);
          received.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    greetings,
    /** Resolves with the n-th message (1-based) once it has arrived. */
    async waitFor(n: number): Promise<ParsedMail> {
      while (received.length < n) await new Promise<void>((r) => waiters.push(r));
      return received[n - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link's token in a mail's text body. */
export function tokenFromMail(mail: ParsedMail): string {
  const match = /\/login\/verify\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error('no sign-in link in the mail');
  return match[1]!;
}

/** Every mail in an outbox folder, oldest first, parsed. */
export async function readMails(outboxDir: string): Promise<ParsedMail[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => simpleParser(await readFile(`${outboxDir}/${f}`))));
}

/** Every mail the outbox mailer wrote under a DATA_DIR, oldest first, parsed. */
export function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  return readMails(`${dataDir}/outbox`);
}

/** Whether `mail` went to `email`, in any spelling (the product mails the canonical one; the parser shows IDNA domains in Unicode). */
export function sentTo(mail: ParsedMail, email: string): boolean {
  return [mail.to ?? []]
    .flat()
    .flatMap((to) => to.value)
    .some((to) => canonicalEmail(to.address ?? '') === canonicalEmail(email));
}

/** Every mail the outbox mailer under a DATA_DIR wrote to `email` (in any spelling), oldest first. */
export async function mailsTo(dataDir: string, email: string): Promise<ParsedMail[]> {
  return (await readOutbox(dataDir)).filter((mail) => sentTo(mail, email));
}
