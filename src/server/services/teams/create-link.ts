import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { teamLinks } from '../../db/schema.js';
import { hashToken } from '../../tokens.js';
import { requireTeamAdmin } from './team-access.js';
import { linkToken, linkUrl } from './team-tokens.js';

/** A shareable link: at most `cap` people join through it, until it expires or is revoked, optionally only from one domain. */
export async function createTeamLink(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, domain, cap, expiresInDays }: { userId: string; teamId: string; domain: string | null; cap: number; expiresInDays: number },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const id = randomUUID();
  const token = await linkToken(db, id);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + expiresInDays * 24 * 3600_000);
  await db.insert(teamLinks).values({ id, teamId: team.id, tokenHash: hashToken(token), domain, cap, expiresAt, createdAt: now });
  return { id, url: linkUrl(ctx.config.publicUrl, token), domain, cap, used: 0, expiresAt: expiresAt.toISOString(), revoked: false };
}
