import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { DEFAULT_LANGUAGE, isBundledLanguage } from '../../../shared/languages.js';
import { canonicalEmail } from '../../../shared/email.js';

export type User = typeof users.$inferSelect;

/** nickName defaults to the part of the email before '@'. */
export function defaultNickName(email: string): string {
  return email.split('@')[0] || email;
}

/**
 * The user with this email, created on first sign-in. Concurrent first sign-ins of one email meet on
 * the unique index and both get the same user. `language` (the sign-in page's) is a new account's
 * language; an existing account keeps its own. `created` says this call made the account (referrals
 * record a newcomer's link then).
 */
export async function findOrCreateUser(
  db: Db,
  { email, nickName, avatarUrl, language, now }: { email: string; nickName?: string; avatarUrl?: string | null; language?: string | null; now: Date },
): Promise<User & { created: boolean }> {
  const normalized = canonicalEmail(email);
  const inserted = await db
    .insert(users)
    .values({
      email: normalized,
      nickName: nickName?.trim() || defaultNickName(normalized),
      avatarUrl: avatarUrl ?? null,
      language: isBundledLanguage(language) ? language : DEFAULT_LANGUAGE,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const created = inserted.length === 1;
  const [user] = await db.update(users).set({ lastSignInAt: now }).where(eq(users.email, normalized)).returning();
  // Only an account deletion racing this sign-in can take the row away between the statements.
  if (!user) throw new Error('The user signing in was deleted before the sign-in was recorded');
  if (!user.avatarUrl && avatarUrl) {
    const [updated] = await db.update(users).set({ avatarUrl }).where(eq(users.id, user.id)).returning();
    if (!updated) throw new Error(`User ${user.id} was deleted before the sign-in was recorded`);
    return { ...updated, created };
  }
  return { ...user, created };
}
