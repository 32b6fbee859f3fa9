import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamAdmins, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { withdrawAdminInvitation } from './admin-invitations.js';
import { adminView } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';
import { canonicalEmail } from '../../../shared/email.js';

/** The owner takes an admin's role away, or withdraws the invitation not answered yet; the owner cannot be removed. */
export async function removeTeamAdmin(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, email }: { userId: string; teamId: string; email: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId, { owner: true });
  if (await withdrawAdminInvitation(ctx, team.id, email)) return adminView(ctx, team);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, canonicalEmail(email)));
  const removed = user
    ? await db
        .delete(teamAdmins)
        .where(and(eq(teamAdmins.teamId, team.id), eq(teamAdmins.userId, user.id), eq(teamAdmins.role, 'admin')))
        .returning()
    : [];
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'No admin or invited admin of this team has this address');
  return adminView(ctx, team);
}
