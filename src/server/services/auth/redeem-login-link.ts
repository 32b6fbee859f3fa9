import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { loginTokens } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findOrCreateUser, type User } from '../accounts/find-or-create-user.js';
import { hashToken } from './tokens.js';

export const LOGIN_LINK_ERRORS = {
  invalid: 'This sign-in link is not valid. Please request a new one.',
  used: 'This sign-in link has already been used. Please request a new one.',
  expired: 'This sign-in link has expired. Please request a new one.',
} as const;

/**
 * Spends a sign-in link: valid once, within 10 minutes. Marking it used is a single conditional
 * update, so two tabs racing with the same link cannot both sign in.
 */
export async function redeemLoginLink(
  ctx: Pick<AppContext, 'database' | 'clock'>,
  token: string,
): Promise<{ user: User; redirectUrl: string | null }> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
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
  const user = await findOrCreateUser(db, { email: spent.email, now });
  return { user, redirectUrl: spent.redirectUrl };
}
