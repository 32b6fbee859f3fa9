import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamInvitations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';

/** One invitation of the team, or 404. */
export async function findMember(db: Executor, teamId: string, memberId: string) {
  const [invitation] = UUID_PATTERN.test(memberId)
    ? await db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, memberId), eq(teamInvitations.teamId, teamId)))
    : [];
  if (!invitation) throw new AppError('NOT_FOUND', 'Member not found');
  return invitation;
}
