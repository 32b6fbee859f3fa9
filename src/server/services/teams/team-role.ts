import type { Db } from '../../db/client.js';
import type { UserInfo } from '../../../shared/contracts/auth.js';
import { membershipOf } from './membership.js';
import { adminRoleOf } from './team-access.js';

/**
 * The account's part in a team, for the user info: the team it runs (owner or admin), else the one it
 * is a member of (joined, not revoked), else null. Two indexed lookups, so every page's user info can
 * carry it and the sidebar needs no `teamMine`.
 */
export async function teamRoleOf(db: Db, userId: string): Promise<UserInfo['team']> {
  const admin = await adminRoleOf(db, userId);
  if (admin) return admin;
  const membership = await membershipOf(db, userId);
  return membership ? { role: 'member', teamId: membership.teamId } : null;
}
