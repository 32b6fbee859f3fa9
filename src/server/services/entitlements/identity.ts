import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { installationKey } from '../installation-keys.js';

/** Mail services that ignore dots in the local part and are one mailbox under two domains. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One person's address in one spelling: lower case, the `+tag` of the local part dropped (every large
 * mail service delivers `ann+2@…` to `ann@…`), and Gmail's dots and second domain folded. Used only to
 * recognise a person for what they may have once; the account keeps the address as typed.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local || lower.slice(0, at)}@${domain}`;
}

/** The `app_state` entry holding the key of the identity hash. */
export const IDENTITY_KEY = 'identityKey';

/**
 * The person behind an address, as the entitlement ledger knows them: an HMAC of the normalised
 * address under this installation's key. The ledger never holds the address, and a leaked ledger
 * cannot be matched against a list of addresses without the key.
 */
export async function identityOf(db: Db, email: string): Promise<string> {
  const key = await installationKey(db, IDENTITY_KEY);
  return createHmac('sha256', key).update(normaliseEmail(email)).digest('base64url');
}

/** The ledger identity of a customer's account, or null when the account is gone. */
export async function identityOfUser(db: Db, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user ? identityOf(db, user.email) : null;
}
