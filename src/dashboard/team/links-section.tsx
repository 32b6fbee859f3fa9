import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { BanIcon, CopyIcon, LinkIcon, Loader2Icon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { TeamAdminView, TeamLink } from '@/shared/contracts/team';
import { formatDate } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { $language } from '@/stores/language';
import { loadTeam } from '@/stores/team';
import { toast } from '@/stores/toast';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { useTeamCall } from './team-call';
import { TeamSection } from './team-section';

const whole = (value: string, max: number) => {
  const n = Number.parseInt(value, 10);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
};

function linkState(link: TeamLink): 'revoked' | 'expired' | 'full' | 'active' {
  if (link.revoked) return 'revoked';
  if (new Date(link.expiresAt).getTime() <= Date.now()) return 'expired';
  if (link.used >= link.cap) return 'full';
  return 'active';
}

/** Shareable links: made with an optional domain, a cap and a life; copied, and revoked. */
export function LinksSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [domain, setDomain] = useState('');
  const [cap, setCap] = useState('25');
  const [days, setDays] = useState('14');
  const [creating, setCreating] = useState(false);
  const { busy, run } = useTeamCall();
  const capValue = whole(cap, LIMITS.teamLinkCapMax);
  const daysValue = whole(days, LIMITS.teamLinkDaysMax);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (capValue === null || daysValue === null) return;
    setCreating(true);
    try {
      await call('teamCreateLink', { teamId: team.id, domain: domain.trim().replace(/^@/, '') || null, cap: capValue, expiresInDays: daysValue });
      toast({ description: t('team.links.created') });
      setDomain('');
      await loadTeam({ force: true });
    } catch (error) {
      toast({ variant: 'destructive', description: t('team.failed') + errorMessage(error) });
    } finally {
      setCreating(false);
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ description: t('team.links.copied') });
    } catch {
      toast({ variant: 'destructive', description: t('team.links.copyFailed') });
    }
  }

  return (
    <TeamSection id="team-links" title={t('team.links.title')} description={t('team.links.description')}>
      <form
        aria-label={t('team.links.createLabel')}
        onSubmit={(e) => void create(e)}
        className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        noValidate
      >
        <div className="space-y-1">
          <Label htmlFor="link-domain">{t('team.links.domain')}</Label>
          <Input
            id="link-domain"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder="example.com"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="link-cap">{t('team.links.cap')}</Label>
          <Input
            id="link-cap"
            type="number"
            inputMode="numeric"
            min={1}
            max={LIMITS.teamLinkCapMax}
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            aria-invalid={capValue === null ? true : undefined}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="link-days">{t('team.links.days')}</Label>
          <Input
            id="link-days"
            type="number"
            inputMode="numeric"
            min={1}
            max={LIMITS.teamLinkDaysMax}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={daysValue === null ? true : undefined}
          />
        </div>
        <Button type="submit" disabled={creating || capValue === null || daysValue === null}>
          {creating ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" /> : <LinkIcon aria-hidden="true" />}
          {t('team.links.create')}
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">{t('team.links.rules', { capMax: LIMITS.teamLinkCapMax, daysMax: LIMITS.teamLinkDaysMax })}</p>
      {team.links.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('team.links.none')}</p>
      ) : (
        <ul className="divide-y">
          {team.links.map((link) => {
            const state = linkState(link);
            return (
              <li key={link.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-1 text-sm">
                  <p className="truncate font-mono text-xs" title={link.url}>
                    {link.url}
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                    <Badge variant={state === 'active' ? 'success' : 'neutral'}>{t(`team.links.state.${state}`)}</Badge>
                    <span>{link.domain ? t('team.links.onlyDomain', { domain: link.domain }) : t('team.links.anyDomain')}</span>
                    <span>{t('team.links.usage', { used: link.used, cap: link.cap })}</span>
                    <span>{t('team.links.expires', { date: formatDate(link.expiresAt, language) })}</span>
                  </p>
                </div>
                {state !== 'revoked' && (
                  <div className="flex shrink-0 gap-2">
                    {state === 'active' && (
                      <Button variant="outline" size="sm" onClick={() => void copy(link.url)}>
                        <CopyIcon aria-hidden="true" />
                        {t('team.links.copy')}
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy !== null}
                      onClick={() => void run('teamRevokeLink', { teamId: team.id, linkId: link.id }, t('team.links.revoked'), link.id)}
                    >
                      <BanIcon aria-hidden="true" />
                      {t('team.links.revoke')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </TeamSection>
  );
}
