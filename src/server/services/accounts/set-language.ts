import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { BundledLanguage } from '../../../shared/languages.js';

/** Changes the account's language: the next mail, receipt and every device's dashboard follow it. */
export async function setLanguage(db: Db, { userId, language }: { userId: string; language: BundledLanguage }): Promise<{ language: BundledLanguage }> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
  return { language };
}
