/** A message the product sends: always both a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail: SMTP in production, `.eml` files in the outbox folder by default. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
