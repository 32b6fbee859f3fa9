import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamLinks } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { adminView } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';

/** Ends a link: nobody joins through it any more (those who joined stay members). */
export async function revokeTeamLink(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, linkId }: { userId: string; teamId: string; linkId: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const [link] = UUID_PATTERN.test(linkId)
    ? await db
        .select()
        .from(teamLinks)
        .where(and(eq(teamLinks.id, linkId), eq(teamLinks.teamId, team.id)))
    : [];
  if (!link) throw new AppError('NOT_FOUND', 'Link not found');
  await db
    .update(teamLinks)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(teamLinks.id, link.id), isNull(teamLinks.revokedAt)));
  return adminView(ctx, team);
}
