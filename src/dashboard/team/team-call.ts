import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '@/api/client';
import type { CALLS, CallInput } from '@/shared/contracts/calls';
import type { TeamAdminView } from '@/shared/contracts/team';
import { setTeamAdmin } from '@/stores/team';
import { toast } from '@/stores/toast';

/** The admin's calls that answer the team as it is after the change. */
export type TeamAdminCall =
  | 'teamSetBrand'
  | 'teamRevokeLink'
  | 'teamRevokeMember'
  | 'teamRemindMember'
  | 'teamRetryMember'
  | 'teamAddAdmin'
  | 'teamRemoveAdmin';

const send = call as (name: TeamAdminCall, body: object) => Promise<{ data: TeamAdminView }>;

/**
 * Runs one of the admin's calls: the page shows the team it answers, a toast says it is done (or why
 * not). `busy` names the call under way, so its button can say so and the others wait.
 */
export function useTeamCall() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  async function run<N extends TeamAdminCall>(name: N, body: CallInput<(typeof CALLS)[N]>, done: string, key: string = name): Promise<boolean> {
    setBusy(key);
    try {
      const { data } = await send(name, body);
      setTeamAdmin(data);
      toast({ description: done });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', description: t('team.failed') + errorMessage(error) });
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
