import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2Icon, UsersRoundIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import { LIMITS } from '@/shared/limits';
import { setTeamAdmin } from '@/stores/team';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { TeamSection } from './team-section';

/** Creating a team: its name; the customer becomes its owner and the page turns into the team's. */
export function CreateTeamForm() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await call('teamCreate', { name: name.trim() });
      setTeamAdmin(data);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <TeamSection id="team-create" title={t('team.create.title')} description={t('team.create.description')}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>{t('team.create.point1')}</li>
        <li>{t('team.create.point2')}</li>
        <li>{t('team.create.point3')}</li>
      </ul>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1 space-y-1">
          <Label htmlFor="team-name">{t('team.create.name')}</Label>
          <Input
            id="team-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={LIMITS.teamNameMax}
            autoComplete="organization"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'team-name-error' : undefined}
          />
        </div>
        <Button type="submit" disabled={busy || !name.trim()}>
          {busy ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" /> : <UsersRoundIcon aria-hidden="true" />}
          {t('team.create.submit')}
        </Button>
      </form>
      {error && (
        <p id="team-name-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </TeamSection>
  );
}
