import { useCallback, useEffect, useState } from 'react';
import { RotateCcwIcon, UserCogIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { call, errorMessage } from '@/api/client';
import type { CallOutput, CALLS } from '@/shared/contracts/calls';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { PageContainer, PageHeader } from '../components/page-header';
import { MemberStatusBadge } from '../team/member-status-badge';
import { ActionButton, useDateTime } from './operator-ui';

type OperatorTeam = CallOutput<(typeof CALLS)['operatorTeam']>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** One team: its figures and brand, purchases, admins and members with where each stands (never their portraits). */
export function TeamPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  const [team, setTeam] = useState<OperatorTeam | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ownerEmail, setOwnerEmail] = useState('');
  const teamId = params.teamId ?? '';

  const load = useCallback(() => {
    let live = true;
    call('operatorTeam', { teamId }).then(
      ({ data }) => live && setTeam(data),
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [teamId]);
  useEffect(load, [load]);

  const breadcrumb = [{ label: t('operator.teams.title'), href: '/dashboard/operator/teams' }, { label: team?.team.name ?? t('operator.titles.team') }];
  if (!team)
    return (
      <PageContainer>
        <PageHeader title={t('operator.titles.team')} breadcrumb={breadcrumb} />
        {error ? (
          <p role="alert" className="text-destructive">
            {error}
          </p>
        ) : (
          <p className="text-muted-foreground">{t('dashboard.loading')}</p>
        )}
      </PageContainer>
    );

  const info = team.team;
  const money = (cents: number, currency = 'usd') => formatMoney(cents, currency, language);
  return (
    <PageContainer>
      <PageHeader title={info.name} breadcrumb={breadcrumb} description={t('operator.teams.since', { date: dateTime(info.createdAt) })} />
      <Section title={t('operator.teams.summary')}>
        <dl className="grid grid-cols-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4 sm:gap-y-2">
          <dt className="text-muted-foreground">{t('operator.teams.owner')}</dt>
          <dd className="mb-2 break-all sm:mb-0">
            {info.ownerEmail ?? (
              <span className="flex flex-wrap items-center gap-2">
                {t('operator.teams.noOwner')}
                <ActionButton
                  call="operatorSetTeamOwner"
                  input={() => ({ teamId, email: ownerEmail.trim() })}
                  label={t('operator.teams.nameOwner')}
                  icon={<UserCogIcon aria-hidden="true" />}
                  title={t('operator.teams.nameOwnerTitle', { team: info.name })}
                  description={t('operator.teams.nameOwnerDescription')}
                  confirmLabel={t('operator.teams.nameOwnerConfirm')}
                  ready={ownerEmail.includes('@')}
                  onOpen={() => setOwnerEmail('')}
                  onDone={() => load()}
                >
                  <span className="mt-3 block space-y-1">
                    <label htmlFor="team-owner-email" className="block text-sm font-medium text-foreground">
                      {t('operator.teams.nameOwnerField')}
                    </label>
                    <Input id="team-owner-email" type="email" autoComplete="off" value={ownerEmail} onChange={(e) => setOwnerEmail(e.target.value)} />
                  </span>
                </ActionButton>
              </span>
            )}
          </dd>
          <dt className="text-muted-foreground">{t('operator.teams.seats')}</dt>
          <dd className="mb-2 sm:mb-0">{t('operator.teams.seatsUsed', { used: info.seatsUsed, bought: info.seatsBought })}</dd>
          <dt className="text-muted-foreground">{t('operator.teams.members')}</dt>
          <dd className="mb-2 sm:mb-0">{info.members}</dd>
          <dt className="text-muted-foreground">{t('operator.teams.paid')}</dt>
          <dd className="mb-2 sm:mb-0">
            {money(info.paidCents)}
            {info.refundedCents > 0 && ` · ${t('operator.teams.refunded', { amount: money(info.refundedCents) })}`}
          </dd>
          <dt className="text-muted-foreground">{t('operator.teams.brand')}</dt>
          <dd>
            {info.brand
              ? t(info.brand.fixed ? 'operator.teams.brandFixed' : 'operator.teams.brandChoices', {
                  category: t(`catalog.categories.${info.brand.category}.name`, { defaultValue: info.brand.category }),
                  attire: info.brand.attire.map((id) => t(`catalog.attires.${id}`, { defaultValue: id })).join(', '),
                  background: info.brand.background.map((id) => t(`catalog.backdrops.${id}`, { defaultValue: id })).join(', '),
                })
              : t('operator.teams.brandOpen')}
          </dd>
        </dl>
      </Section>
      <Section title={t('operator.teams.purchases')}>
        {team.purchases.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('operator.none')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {team.purchases.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-x-4">
                <span>
                  {t('team.purchases.line', { count: p.quantity, package: t(`catalog.packages.${p.packageId}.name`) })} · {money(p.amountCents, p.currency)}{' '}
                  <Badge variant={p.status === 'paid' ? 'success' : 'neutral'}>{t(`team.purchases.status.${p.status}`)}</Badge>
                  {p.refundedSeats > 0 && (
                    <span className="ml-2 text-muted-foreground">
                      {t('team.purchases.refundedLine', { count: p.refundedSeats, amount: money(p.refundedCents, p.currency) })}
                    </span>
                  )}
                </span>
                <time className="text-muted-foreground" dateTime={p.paidAt ?? p.createdAt}>
                  {dateTime(p.paidAt ?? p.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('operator.teams.admins')}>
        {team.admins.length === 0 && <p className="text-sm text-muted-foreground">{t('operator.none')}</p>}
        <ul className="space-y-1 text-sm">
          {team.admins.map((a) => (
            <li key={a.email} className="flex items-center gap-2">
              <span className="break-all">{a.email}</span>
              <Badge variant={a.role === 'owner' ? 'default' : 'neutral'}>{t(`team.roles.${a.role}`)}</Badge>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('operator.teams.memberList', { n: team.members.length })}>
        {team.members.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('operator.none')}</p>
        ) : (
          <Table>
            <caption className="sr-only">{t('operator.teams.memberList', { n: team.members.length })}</caption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('operator.teams.email')}</TableHead>
                <TableHead>{t('operator.teams.status')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('operator.teams.order')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('operator.teams.invited')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {team.members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell className="max-w-56 truncate">{m.email}</TableCell>
                  <TableCell>
                    <MemberStatusBadge status={m.status} />
                    {m.retryUsed && <span className="ml-2 text-xs text-muted-foreground">{t('team.members.retryUsed')}</span>}
                    {m.canGrantRetry && (
                      <span className="ml-2 inline-block">
                        <ActionButton
                          call="operatorGrantTeamRetry"
                          input={() => ({ teamId, memberId: m.id })}
                          label={t('operator.teams.grantRetry')}
                          icon={<RotateCcwIcon aria-hidden="true" />}
                          title={t('operator.teams.grantRetryTitle', { email: m.email })}
                          description={t('operator.teams.grantRetryDescription')}
                          confirmLabel={t('operator.teams.grantRetryConfirm')}
                          onDone={() => load()}
                        />
                      </span>
                    )}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    {m.orderId ? (
                      <a className="font-mono underline-offset-4 hover:underline" href={`/dashboard/operator/orders/${m.orderId}`}>
                        {shortOrderId(m.orderId)}
                      </a>
                    ) : (
                      t('operator.none')
                    )}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">{dateTime(m.invitedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </PageContainer>
  );
}
