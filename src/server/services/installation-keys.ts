import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appState } from '../db/schema.js';

const keys = new WeakMap<object, Map<string, Promise<Buffer>>>();

/**
 * A secret of this installation, 256 random bits made on first use and kept in `app_state` under
 * `name` (base64url), so every process of it signs and hashes alike. Read once per process and name.
 */
export function installationKey(db: Db, name: string): Promise<Buffer> {
  const named = keys.get(db) ?? new Map<string, Promise<Buffer>>();
  keys.set(db, named);
  let key = named.get(name);
  if (!key) {
    key = (async () => {
      await db
        .insert(appState)
        .values({ key: name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, name));
      return Buffer.from(String(row?.value), 'base64url');
    })();
    named.set(name, key);
    key.catch(() => named.delete(name));
  }
  return key;
}
