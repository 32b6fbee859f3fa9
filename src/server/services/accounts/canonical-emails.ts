import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appState, entitlements, giftCards, referrals, users } from '../../db/schema.js';
import { canonicalEmail } from '../../../shared/email.js';
import { identityOf, identityOfNormalised } from '../entitlements/identity.js';

const DONE_KEY = 'accountEmailsCanonical';

/**
 * Once per installation, at start: the accounts made before sign-in addresses were canonical
 * (canonicalEmail) get their address in that spelling, so `ann@example.com.` signs in to the account
 * it made before, and what the ledgers hold for the person moves to their identity in the new folding
 * (identityOf: quotes, the trailing dot and IDNA folded too), so an entitlement used under an old
 * spelling stays used. An account whose canonical
 * address another account already has keeps its own spelling (it stays reachable by a provider's
 * sign-in, and the operator sees both). Returns the accounts changed.
 */
export async function canonicaliseAccountEmails(db: Db, now: Date): Promise<number> {
  const [done] = await db.select({ key: appState.key }).from(appState).where(eq(appState.key, DONE_KEY));
  if (done) return 0;
  const all = await db.select({ id: users.id, email: users.email }).from(users);
  const taken = new Set(all.map((user) => user.email));
  let changed = 0;
  for (const user of all) {
    const canonical = canonicalEmail(user.email);
    const [before, after] = [await identityOfNormalised(db, legacyNormalisedEmail(user.email)), await identityOf(db, canonical)];
    if (before !== after) await moveIdentity(db, before, after);
    if (canonical === user.email || taken.has(canonical)) continue;
    const [updated] = await db.update(users).set({ email: canonical }).where(eq(users.id, user.id)).returning({ id: users.id });
    if (updated) {
      taken.add(canonical);
      changed += 1;
    }
  }
  await db
    .insert(appState)
    .values({ key: DONE_KEY, value: { at: now.toISOString(), changed } })
    .onConflictDoNothing();
  return changed;
}

/**
 * The folding of the ledger's identities before addresses were canonical (lower case, `+tag` dropped,
 * Gmail's dots and second domain): what the ledgers of an older installation are keyed by.
 */
function legacyNormalisedEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local || lower.slice(0, at)}@${domain}`;
}

/** Moves a person's ledger rows from one identity to another, leaving a row where the other already has one. */
async function moveIdentity(db: Db, from: string, to: string): Promise<void> {
  await db
    .update(entitlements)
    .set({ identity: to })
    .where(
      and(
        eq(entitlements.identity, from),
        sql`not exists (select 1 from ${entitlements} e where e.identity = ${to} and e.kind = ${entitlements.kind} and e.state <> 'released')`,
      ),
    );
  await db
    .update(referrals)
    .set({ friendIdentity: to })
    .where(and(eq(referrals.friendIdentity, from), sql`not exists (select 1 from ${referrals} r where r.friend_identity = ${to})`));
  await db.update(referrals).set({ referrerIdentity: to }).where(eq(referrals.referrerIdentity, from));
  await db.update(giftCards).set({ buyerIdentity: to }).where(eq(giftCards.buyerIdentity, from));
  await db
    .update(giftCards)
    .set({ redeemedIdentity: to })
    .where(and(eq(giftCards.redeemedIdentity, from), ne(giftCards.redeemedIdentity, to)));
}
