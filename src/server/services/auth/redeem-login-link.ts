import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { loginTokens } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findOrCreateUser, type User } from '../accounts/find-or-create-user.js';
import { enforceRateLimit, releaseRateLimitHit } from './rate-limit.js';
import { hashToken } from '../../tokens.js';

const HOUR = 60 * 60 * 1000;

export const LOGIN_LINK_ERRORS = {
  invalid: 'This sign-in link is not valid. Please request a new one.',
  used: 'This sign-in link has already been used. Please request a new one.',
  expired: 'This sign-in link has expired. Please request a new one.',
  tooMany: (minutes: number) => `Too many sign-in attempts from your network. Please wait ${minutes} minutes and try again.`,
} as const;

/**
 * Spends a sign-in link: valid once, within 10 minutes. Marking it used is a single conditional
 * update, so two tabs racing with the same link cannot both sign in. Refused tokens are counted per
 * client address; past the limit every attempt is refused before the token is even looked at, so a
 * guess that happens to be right is refused too (and the link stays unspent).
 */
export async function redeemLoginLink(
  ctx: Pick<AppContext, 'database' | 'clock' | 'config'>,
  { token, ip }: { token: string; ip: string },
): Promise<{ user: User & { created: boolean }; redirectUrl: string | null }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const key = `login-verify:ip:${ip}`;
  // Every attempt counts at once (so parallel guesses cannot slip past the limit); a sign-in gives it back.
  await enforceRateLimit(db, { key, limit: ctx.config.loginVerifyFailuresPerIpPerHour, windowMs: HOUR, now, message: LOGIN_LINK_ERRORS.tooMany });
  const result = await spendLoginLink(ctx, token, now);
  await releaseRateLimitHit(db, key);
  return result;
}

async function spendLoginLink(
  ctx: Pick<AppContext, 'database'>,
  token: string,
  now: Date,
): Promise<{ user: User & { created: boolean }; redirectUrl: string | null }> {
  const { db } = ctx.database;
  const tokenHash = hashToken(token);
  const [spent] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt)))
    .returning();
  if (!spent) {
    const [existing] = await db.select({ id: loginTokens.id }).from(loginTokens).where(eq(loginTokens.tokenHash, tokenHash));
    if (!existing) throw new AppError('BAD_REQUEST', LOGIN_LINK_ERRORS.invalid);
    throw new AppError('GONE', LOGIN_LINK_ERRORS.used);
  }
  if (spent.expiresAt.getTime() <= now.getTime()) throw new AppError('GONE', LOGIN_LINK_ERRORS.expired);
  const user = await findOrCreateUser(db, { email: spent.email, language: spent.language, now });
  return { user, redirectUrl: spent.redirectUrl };
}
