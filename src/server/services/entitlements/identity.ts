import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { canonicalEmail, unquotedLocal } from '../../../shared/email.js';
import { installationKey } from '../installation-keys.js';

/** Mail services that ignore dots in the local part and are one mailbox under two domains. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One person's address in one spelling: the account's spelling (canonicalEmail: case, the domain's
 * trailing dot, Unicode domains as punycode, needless quotes), then any quotes dropped, the `+tag` of the
 * local part dropped (every large mail service delivers `ann+2@…` to `ann@…`), and Gmail's dots and
 * second domain folded. Used only to recognise a person for what they may have once; the account keeps
 * its address.
 */
export function normaliseEmail(email: string): string {
  const canonical = canonicalEmail(email);
  const at = canonical.lastIndexOf('@');
  if (at < 1) return canonical;
  const whole = unquotedLocal(canonical.slice(0, at));
  let local = whole.split('+')[0] || whole;
  let domain = canonical.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '') || local;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The `app_state` entry holding the key of the identity hash. */
export const IDENTITY_KEY = 'identityKey';

/**
 * The person behind an address, as the entitlement ledger knows them: an HMAC of the normalised
 * address under this installation's key. The ledger never holds the address, and a leaked ledger
 * cannot be matched against a list of addresses without the key.
 */
export function identityOf(db: Db, email: string): Promise<string> {
  return identityOfNormalised(db, normaliseEmail(email));
}

/** The ledger identity of an address already in its one spelling (an older folding's, when re-keying). */
export async function identityOfNormalised(db: Db, normalised: string): Promise<string> {
  const key = await installationKey(db, IDENTITY_KEY);
  return createHmac('sha256', key).update(normalised).digest('base64url');
}

/** The ledger identity of a customer's account, or null when the account is gone. */
export async function identityOfUser(db: Db, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user ? identityOf(db, user.email) : null;
}
