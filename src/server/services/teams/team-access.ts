import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamAdmins, teams } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';

export type TeamRow = typeof teams.$inferSelect;

/** The answer for a team the caller has no part in, the same as for one that does not exist. */
export const teamNotFound = () => new AppError('NOT_FOUND', 'Team not found');

/**
 * The team the caller runs (owner or admin), or 404: a member, another team's admin and a stranger are
 * answered exactly as for a missing team, so team ids cannot be probed. `owner` asks for the owner only.
 */
export async function requireTeamAdmin(db: Executor, userId: string, teamId: string, { owner = false } = {}): Promise<TeamRow & { role: 'owner' | 'admin' }> {
  if (!UUID_PATTERN.test(teamId)) throw teamNotFound();
  const [row] = await db
    .select({ team: teams, role: teamAdmins.role })
    .from(teamAdmins)
    .innerJoin(teams, eq(teams.id, teamAdmins.teamId))
    .where(and(eq(teamAdmins.teamId, teamId), eq(teamAdmins.userId, userId)));
  if (!row || (owner && row.role !== 'owner')) throw teamNotFound();
  return { ...row.team, role: row.role };
}

/** The team the caller runs, if any (an account runs one team at most). */
export async function adminTeamOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ teamId: teamAdmins.teamId }).from(teamAdmins).where(eq(teamAdmins.userId, userId));
  return row?.teamId ?? null;
}

/** The team the caller runs and their role in it, if any. */
export async function adminRoleOf(db: Executor, userId: string): Promise<{ role: 'owner' | 'admin'; teamId: string } | null> {
  const [row] = await db.select({ teamId: teamAdmins.teamId, role: teamAdmins.role }).from(teamAdmins).where(eq(teamAdmins.userId, userId));
  return row ?? null;
}
