import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { SearchIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { CallOutput, CALLS } from '@/shared/contracts/calls';
import { formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { PageContainer, PageHeader } from '../components/page-header';
import { useDateTime } from './operator-ui';

type TeamRow = CallOutput<(typeof CALLS)['operatorTeams']>['teams'][number];

/** Amounts in the console's one currency, as the overview shows them. */
const CURRENCY = 'usd';

/** Teams: searched by name or by an owner's, admin's or member's address; each opens its page. */
export function TeamsPage() {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');
  const [result, setResult] = useState<{ teams: TeamRow[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);

  const search = useCallback(async (wanted: string) => {
    setLoading(true);
    try {
      const { data } = await call('operatorTeams', wanted.trim() ? { query: wanted.trim() } : {});
      setResult(data);
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void search(new URLSearchParams(location.search).get('q') ?? '');
  }, [search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    history.replaceState(null, '', `${location.pathname}${q ? `?${new URLSearchParams({ q })}` : ''}`);
    void search(q);
  }

  const money = (cents: number) => formatMoney(cents, CURRENCY, language);
  return (
    <PageContainer>
      <PageHeader title={t('operator.teams.title')} description={t('operator.teams.description')} />
      <form aria-label={t('operator.teams.searchLabel')} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <Label htmlFor="team-query">{t('operator.teams.query')}</Label>
          <Input id="team-query" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('operator.teams.queryPlaceholder')} />
        </div>
        <Button type="submit" disabled={loading}>
          <SearchIcon aria-hidden="true" />
          {t('operator.teams.search')}
        </Button>
      </form>
      {result === null ? (
        <p className="text-muted-foreground">{t('dashboard.loading')}</p>
      ) : result.teams.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">{t('operator.teams.none')}</p>
      ) : (
        <div className="rounded-lg border">
          <Table>
            <caption className="sr-only">{t('operator.teams.results', { n: result.total })}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('operator.teams.name')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('operator.teams.owner')}</TableHead>
                <TableHead className="text-right">{t('operator.teams.seats')}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">{t('operator.teams.members')}</TableHead>
                <TableHead className="hidden text-right lg:table-cell">{t('operator.teams.paid')}</TableHead>
                <TableHead className="hidden lg:table-cell">{t('operator.teams.created')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.teams.map((team) => (
                <TableRow key={team.id}>
                  <TableCell className="max-w-48">
                    <a className="font-medium underline-offset-4 hover:underline" href={`/dashboard/operator/teams/${encodeURIComponent(team.id)}`}>
                      {team.name}
                    </a>
                  </TableCell>
                  <TableCell className="hidden max-w-48 truncate md:table-cell">{team.ownerEmail ?? t('operator.none')}</TableCell>
                  <TableCell className="text-right tabular-nums">{t('operator.teams.seatsUsed', { used: team.seatsUsed, bought: team.seatsBought })}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{team.members}</TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">
                    {money(team.paidCents)}
                    {team.refundedCents > 0 && (
                      <span className="block text-xs text-muted-foreground">{t('operator.teams.refunded', { amount: money(team.refundedCents) })}</span>
                    )}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{dateTime(team.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {result && result.total > result.teams.length && (
        <p className="text-sm text-muted-foreground">{t('operator.teams.more', { shown: result.teams.length, total: result.total })}</p>
      )}
    </PageContainer>
  );
}
