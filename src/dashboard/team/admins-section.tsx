import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { LogOutIcon, UserMinusIcon, UserPlusIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { TeamAdminView } from '@/shared/contracts/team';
import { setMyTeam } from '@/stores/team';
import { toast } from '@/stores/toast';
import { $user } from '@/stores/user';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { useTeamCall } from './team-call';
import { TeamSection } from './team-section';

/** An admin stops helping run the team, behind its confirmation; the page then shows what is left to them. */
function LeaveButton({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    try {
      const { data } = await call('teamLeave', { teamId: team.id });
      setMyTeam(data);
      toast({ description: t('team.admins.left', { team: team.name }) });
    } catch (error) {
      toast({ variant: 'destructive', description: t('team.failed') + errorMessage(error) });
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <LogOutIcon aria-hidden="true" />
          {t('team.admins.leave')}
        </Button>
      }
      title={t('team.admins.leaveTitle', { team: team.name })}
      description={t('team.admins.leaveDescription', { team: team.name })}
      cancelLabel={t('team.cancel')}
      confirmLabel={t('team.admins.leaveConfirm')}
      busyLabel={t('team.admins.leaving')}
      busy={busy}
      onConfirm={() => void leave()}
    />
  );
}

/**
 * Who runs the team: the owner invites admins by address (they become admins once they accept), withdraws
 * an invitation not answered, and removes admins; an admin sees the list and may leave.
 */
export function AdminsSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const me = useStore($user)?.email;
  const [email, setEmail] = useState('');
  const { busy, run } = useTeamCall();
  const owner = team.role === 'owner';

  async function add(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    if (await run('teamAddAdmin', { teamId: team.id, email: address }, t('team.admins.invited', { email: address }))) setEmail('');
  }

  return (
    <TeamSection id="team-admins" title={t('team.admins.title')} description={owner ? t('team.admins.descriptionOwner') : t('team.admins.description')}>
      <ul className="divide-y">
        {team.admins.map((admin) => (
          <li key={admin.email} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate">{admin.email}</span>
              <Badge variant={admin.role === 'owner' ? 'default' : 'neutral'}>{t(`team.roles.${admin.role}`)}</Badge>
              {admin.email === me && <span className="text-muted-foreground">{t('team.admins.you')}</span>}
            </span>
            {owner && admin.role === 'admin' && (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy !== null}
                aria-label={t('team.admins.removeLabel', { email: admin.email })}
                onClick={() =>
                  void run('teamRemoveAdmin', { teamId: team.id, email: admin.email }, t('team.admins.removed', { email: admin.email }), admin.email)
                }
              >
                <UserMinusIcon aria-hidden="true" />
                {t('team.admins.remove')}
              </Button>
            )}
          </li>
        ))}
        {team.adminInvitations.map((invitation) => (
          <li key={invitation.email} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate">{invitation.email}</span>
              <Badge variant="outline">{t('team.admins.pending')}</Badge>
            </span>
            {owner && (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy !== null}
                aria-label={t('team.admins.withdrawLabel', { email: invitation.email })}
                onClick={() =>
                  void run(
                    'teamRemoveAdmin',
                    { teamId: team.id, email: invitation.email },
                    t('team.admins.withdrawn', { email: invitation.email }),
                    invitation.email,
                  )
                }
              >
                <UserMinusIcon aria-hidden="true" />
                {t('team.admins.withdraw')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {!owner && <LeaveButton team={team} />}
      {owner && (
        <form aria-label={t('team.admins.addLabel')} onSubmit={(e) => void add(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <div className="flex-1 space-y-1">
            <Label htmlFor="admin-email">{t('team.admins.email')}</Label>
            <Input id="admin-email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <Button type="submit" variant="outline" disabled={busy !== null || !email.trim()}>
            <UserPlusIcon aria-hidden="true" />
            {t('team.admins.add')}
          </Button>
        </form>
      )}
    </TeamSection>
  );
}
