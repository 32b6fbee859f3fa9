import { atom } from 'nanostores';
import { call } from '@/api/client';
import { $user } from './user';
import type { TeamAdminView, TeamMembership } from '@/shared/contracts/team';

export interface MyTeam {
  /** The team the signed-in customer runs (owner or admin), if any. */
  admin: TeamAdminView | null;
  /** The team that pays for their portraits, if any. */
  membership: TeamMembership | null;
}

/** The customer's team as `/v1/team/mine` reports it: undefined until asked, null when it could not be read. */
export const $team = atom<MyTeam | null | undefined>(undefined);

let loading: Promise<MyTeam | null> | null = null;

/**
 * Asks for the customer's team (once at a time; `force` asks again even when it is known): the team
 * pages' call. The sidebar reads the role from the user info (`team`) and this store only once a team
 * page filled it. A failure is logged and leaves null: each team page says why.
 */
export function loadTeam({ force = false } = {}): Promise<MyTeam | null> {
  const known = $team.get();
  if (!force && known !== undefined) return Promise.resolve(known);
  loading ??= call('teamMine')
    .then(
      ({ data }) => {
        $team.set(data);
        return data;
      },
      (error: unknown) => {
        console.error('Could not load the team', error);
        if ($team.get() === undefined) $team.set(null);
        return null;
      },
    )
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Keeps the store in step with an answer that carries the admin's view (every admin call answers it). */
export function setTeamAdmin(admin: TeamAdminView): void {
  $team.set({ membership: $team.get()?.membership ?? null, admin });
}

/** Records the membership a join answered. */
export function setTeamMembership(membership: TeamMembership): void {
  $team.set({ admin: $team.get()?.admin ?? null, membership });
}

/**
 * Records the customer's teams as an answer reports them all (accepting to help run a team, leaving one),
 * and the part in a team the menu shows.
 */
export function setMyTeam(team: MyTeam): void {
  $team.set(team);
  const user = $user.get();
  if (!user) return;
  const part = team.admin
    ? { role: team.admin.role, teamId: team.admin.id }
    : team.membership
      ? { role: 'member' as const, teamId: team.membership.teamId }
      : null;
  $user.set({ ...user, team: part });
}
