import type { TestApp } from './app';
import { findOrCreateUser } from '@/server/services/accounts/find-or-create-user';
import { createSession } from '@/server/services/auth/sessions';

/** Signs a customer in without the UI: creates the user and a session, returns what the browser would hold. */
export async function signInAs(t: TestApp, email: string) {
  const { db } = t.app.ctx.database;
  const now = t.app.ctx.clock.now();
  const user = await findOrCreateUser(db, { email, now });
  const { token } = await createSession(db, { userId: user.id, now });
  return {
    user,
    token,
    cookie: `session=${token}`,
    headers: { cookie: `session=${token}`, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
  };
}

/** The `session` cookie a response sets, with its attributes. */
export function sessionCookieOf(setCookie: string | string[] | undefined) {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const raw = all.find((c) => c.startsWith('session='));
  if (!raw) return undefined;
  const [pair, ...attributes] = raw.split(';').map((s) => s.trim());
  return { value: pair!.slice('session='.length), attributes: attributes.map((a) => a.toLowerCase()), raw };
}
