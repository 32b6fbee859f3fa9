import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamAdmins, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { adminView } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';
import { canonicalEmail } from '../../../shared/email.js';

/** The owner names an existing account an admin of the team; an account runs one team at most. */
export async function addTeamAdmin(
  ctx: Pick<AppContext, 'database' | 'config' | 'clock'>,
  { userId, teamId, email }: { userId: string; teamId: string; email: string },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId, { owner: true });
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, canonicalEmail(email)));
  if (!user) throw new AppError('NOT_FOUND', 'No account has this address; ask them to sign in once first');
  const added = await db
    .insert(teamAdmins)
    .values({ teamId: team.id, userId: user.id, role: 'admin', createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (added.length === 0) {
    const [existing] = await db.select({ teamId: teamAdmins.teamId }).from(teamAdmins).where(eq(teamAdmins.userId, user.id));
    if (existing?.teamId !== team.id) throw new AppError('CONFLICT', 'This account already runs another team');
  }
  return adminView(ctx, team);
}
