import type { AppContext } from '../../context.js';
import { teamAdmins, teams } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { adminView } from './admin-view.js';
import { adminTeamOf } from './team-access.js';

/** A new team, run by its creator as owner. An account runs one team at most. */
export async function createTeam(ctx: Pick<AppContext, 'database' | 'clock' | 'config'>, { userId, name }: { userId: string; name: string }) {
  const { db } = ctx.database;
  if (await adminTeamOf(db, userId)) throw new AppError('CONFLICT', 'You already run a team');
  const now = ctx.clock.now();
  const team = await db.transaction(async (tx) => {
    const [created] = await tx.insert(teams).values({ name, createdAt: now }).returning();
    if (!created) throw new Error('Inserting the team returned no row');
    // The unique index on the admin's account refuses a second team created at the same moment.
    const added = await tx.insert(teamAdmins).values({ teamId: created.id, userId, role: 'owner', createdAt: now }).onConflictDoNothing().returning();
    if (added.length === 0) throw new AppError('CONFLICT', 'You already run a team');
    return created;
  });
  return adminView(ctx, { ...team, role: 'owner' });
}
