import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { Loader2Icon, SendIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { TeamAdminView } from '@/shared/contracts/team';
import { htmlLang, isOfferedLanguage, LANGUAGES, type Language } from '@/shared/languages';
import { LIMITS } from '@/shared/limits';
import { $language } from '@/stores/language';
import { loadTeam } from '@/stores/team';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Label } from '@/ui/label';
import { extractEmails } from './extract-emails';
import { SELECT_CLASS, TeamSection } from './team-section';

/** Inviting by address: typed, or pasted from a spreadsheet or CSV (the addresses are picked out here), mailed in the chosen language. */
export function InviteSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const current = useStore($language);
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>(current);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ invited: number; skipped: string[] } | null>(null);
  const found = useMemo(() => extractEmails(text), [text]);
  const tooMany = found.emails.length > LIMITS.teamInvitesPerCall;

  async function invite(event: FormEvent) {
    event.preventDefault();
    if (found.emails.length === 0 || tooMany) return;
    setBusy(true);
    try {
      const { data } = await call('teamInvite', { teamId: team.id, emails: found.emails, language });
      setResult({ invited: data.invited.length, skipped: data.skipped });
      setText('');
      toast({ description: t('team.invite.sent', { count: data.invited.length }) });
      await loadTeam({ force: true });
    } catch (error) {
      toast({ variant: 'destructive', description: t('team.failed') + errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <TeamSection id="team-invite" title={t('team.invite.title')} description={t('team.invite.description')}>
      <form onSubmit={(e) => void invite(e)} className="space-y-3" noValidate>
        <div className="space-y-1">
          <Label htmlFor="invite-addresses">{t('team.invite.addresses')}</Label>
          <textarea
            id="invite-addresses"
            rows={5}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setResult(null);
            }}
            placeholder={t('team.invite.placeholder')}
            aria-describedby="invite-found"
            spellCheck={false}
            className="flex w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-base shadow-sm placeholder:font-sans placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 md:text-sm"
          />
        </div>
        <div id="invite-found" aria-live="polite" className="space-y-1 text-sm">
          {text.trim() !== '' && <p>{t('team.invite.found', { count: found.emails.length })}</p>}
          {found.duplicates > 0 && <p className="text-muted-foreground">{t('team.invite.duplicates', { count: found.duplicates })}</p>}
          {found.invalid.length > 0 && (
            <p className="text-destructive">{t('team.invite.invalid', { count: found.invalid.length, list: found.invalid.slice(0, 5).join(', ') })}</p>
          )}
          {tooMany && <p className="text-destructive">{t('team.invite.tooMany', { max: LIMITS.teamInvitesPerCall })}</p>}
          {found.emails.length > team.seats.free && !tooMany && (
            <p className="text-muted-foreground">{t('team.invite.moreThanSeats', { free: team.seats.free })}</p>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="space-y-1 sm:w-56">
            <Label htmlFor="invite-language">{t('team.invite.language')}</Label>
            <select
              id="invite-language"
              className={SELECT_CLASS}
              value={language}
              onChange={(e) => isOfferedLanguage(e.target.value) && setLanguage(e.target.value)}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={htmlLang(l.code)}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy || found.emails.length === 0 || tooMany}>
            {busy ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
            {t('team.invite.send', { count: found.emails.length })}
          </Button>
        </div>
      </form>
      {result && (
        <p role="status" className="text-sm">
          {t('team.invite.result', { count: result.invited })}
          {result.skipped.length > 0 && ` ${t('team.invite.skipped', { count: result.skipped.length, list: result.skipped.slice(0, 5).join(', ') })}`}
        </p>
      )}
    </TeamSection>
  );
}
