import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamAdmins, teams } from '../../db/schema.js';
import type { z } from 'zod';
import type { ZMyTeamResponseSchema } from '../../../shared/contracts/team.js';
import { adminView } from './admin-view.js';
import { membershipOf, membershipView } from './membership.js';

/** The team the caller runs, and the one they are a member of (either may be null). */
export async function getMyTeam(ctx: Pick<AppContext, 'database' | 'clock' | 'config'>, userId: string): Promise<z.infer<typeof ZMyTeamResponseSchema>> {
  const { db } = ctx.database;
  const [run] = await db
    .select({ team: teams, role: teamAdmins.role })
    .from(teamAdmins)
    .innerJoin(teams, eq(teams.id, teamAdmins.teamId))
    .where(eq(teamAdmins.userId, userId));
  const invitation = await membershipOf(db, userId);
  return {
    admin: run ? await adminView(ctx, { ...run.team, role: run.role }) : null,
    membership: invitation ? await membershipView(db, invitation) : null,
  };
}
