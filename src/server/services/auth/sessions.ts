import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import { LIMITS } from '../../../shared/limits.js';
import { hashToken, newToken } from '../../tokens.js';

const IDLE_MS = LIMITS.sessionIdleDays * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface SessionUser {
  sessionId: string;
  userId: string;
  email: string;
  nickName: string;
  avatarUrl: string | null;
  /** The account's language, as stored. */
  language: string;
  /** True when the expiry moved and the cookie should be set again. */
  renewed: boolean;
}

/** Starts a session for a user; the returned token goes into the cookie and is never stored. */
export async function createSession(db: Db, { userId, now, userAgent }: { userId: string; now: Date; userAgent?: string }) {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + IDLE_MS),
    userAgent: userAgent?.slice(0, 300),
  });
  return { token, maxAgeSeconds: IDLE_MS / 1000 };
}

/** The signed-in user behind a cookie token, sliding the expiry forward on use; null when invalid or expired. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      nickName: users.nickName,
      avatarUrl: users.avatarUrl,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)));
  if (!row) return null;
  const renewed = now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS;
  if (renewed) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + IDLE_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return { ...user, renewed };
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export const SESSION_IDLE_MS = IDLE_MS;
