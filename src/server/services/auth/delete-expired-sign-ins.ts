import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { loginTokens, oauthFlows, sessions } from '../../db/schema.js';

/** Removes expired sessions, sign-in links and unfinished OAuth flows (hourly housekeeping). */
export async function deleteExpiredSignIns(ctx: Pick<AppContext, 'database' | 'clock'>): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  // Used or expired links are kept a day, so a late click still gets the "already used" page.
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(loginTokens).where(lt(loginTokens.expiresAt, dayAgo));
  await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, now));
}
