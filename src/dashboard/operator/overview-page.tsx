import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { UserMinusIcon, UsersIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { OperatorOverview } from '@/shared/contracts/operator';
import { formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { ListSkeleton, RefreshButton } from '../components/list-states';
import { PageContainer, PageHeader } from '../components/page-header';
import { BarChart } from './bar-chart';
import { LikenessTable } from './likeness-figures';
import { ActionButton, Stat, useDateTime, useDuration } from './operator-ui';

/** The operator's overview: the last 30 days as charts and figures, the beta seats and the job queue. */
export function OverviewPage() {
  const { t } = useTranslation();
  const language = useStore($language);
  const duration = useDuration();
  const [overview, setOverview] = useState<OperatorOverview | null>(null);
  const [seats, setSeats] = useState('');
  const [seatEmail, setSeatEmail] = useState('');
  const dateTime = useDateTime();
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await call('operatorOverview', {});
      setOverview(data);
      setSeats(String(data.betaSeats.total));
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const money = useCallback((cents: number) => formatMoney(cents, overview?.currency ?? 'usd', language), [overview, language]);
  const count = useCallback((n: number) => String(Math.round(n)), []);
  const days = useMemo(() => overview?.days.map((d) => d.day) ?? [], [overview]);
  const orderSeries = useMemo(
    () => [{ label: t('operator.overview.orders'), values: overview?.days.map((d) => d.orders) ?? [], color: 'rgb(59 130 246)' }],
    [overview, t],
  );
  const moneySeries = useMemo(
    () => [
      { label: t('operator.overview.revenue'), values: overview?.days.map((d) => d.revenueCents) ?? [], color: 'rgb(34 197 94)' },
      { label: t('operator.overview.refunded'), values: overview?.days.map((d) => d.refundedCents) ?? [], color: 'rgb(239 68 68)' },
    ],
    [overview, t],
  );

  if (!overview) {
    return (
      <PageContainer>
        <PageHeader title={t('operator.overview.title')} />
        <ListSkeleton label={t('dashboard.loading')} />
      </PageContainer>
    );
  }
  const orders = overview.days.reduce((sum, d) => sum + d.orders, 0);
  const revenue = overview.days.reduce((sum, d) => sum + d.revenueCents, 0);
  const failureRate = overview.finished > 0 ? Math.round((overview.failed / overview.finished) * 1000) / 10 : 0;

  return (
    <PageContainer>
      <PageHeader
        title={t('operator.overview.title')}
        description={t('operator.overview.description')}
        actions={<RefreshButton loading={loading} onRefresh={() => void load()} label={t('operator.refresh')} />}
      />
      <section aria-label={t('operator.overview.figures')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={t('operator.overview.orders')} value={orders} note={t('operator.overview.last30')} />
        <Stat label={t('operator.overview.revenue')} value={money(revenue)} note={t('operator.overview.last30')} />
        <Stat label={t('operator.overview.refunds')} value={overview.refunds.count} note={money(overview.refunds.cents)} />
        <Stat
          label={t('operator.overview.failureRate')}
          value={`${failureRate} %`}
          note={t('operator.overview.failedOf', { failed: overview.failed, finished: overview.finished })}
        />
        <Stat
          label={t('operator.overview.toFirstPortrait')}
          value={duration(overview.paidToFirstPortrait.medianSeconds)}
          note={t('operator.overview.p90', { value: duration(overview.paidToFirstPortrait.p90Seconds) })}
        />
        <Stat
          label={t('operator.overview.toCompleted')}
          value={duration(overview.paidToCompleted.medianSeconds)}
          note={t('operator.overview.p90', { value: duration(overview.paidToCompleted.p90Seconds) })}
        />
        <Stat
          label={t('operator.overview.queue')}
          value={t('operator.overview.queueWaiting', { count: overview.queue.waiting })}
          note={
            <>
              <span className="block">{t('operator.overview.queueNote', { running: overview.queue.running, failed: overview.queue.failed })}</span>
              <span className="mt-1 block">
                {overview.fileSweep
                  ? t('operator.overview.lastSweep', { date: dateTime(overview.fileSweep.at), count: overview.fileSweep.orphans })
                  : t('operator.overview.noSweep')}
              </span>
            </>
          }
        />
        {/* Referrals */}
        <Stat
          label={t('operator.overview.referrals.label')}
          value={overview.referrals.joined}
          note={t('operator.overview.referrals.note', {
            pending: money(overview.referrals.pendingCents),
            available: money(overview.referrals.availableCents),
            used: money(overview.referrals.usedThisMonthCents),
            discount: money(overview.referrals.discountCents),
          })}
        />
        {/* Gift cards */}
        <Stat
          label={t('operator.overview.giftCards')}
          value={t('operator.overview.giftCardsSold', { sold: overview.giftCards.sold })}
          note={t('operator.overview.giftCardsNote', {
            redeemed: overview.giftCards.redeemed,
            refunded: overview.giftCards.refunded,
            outstanding: money(overview.giftCards.outstandingCents),
          })}
        />
        <Stat
          label={t('operator.overview.betaSeats')}
          value={t('operator.overview.seatsUsed', { used: overview.betaSeats.used, total: overview.betaSeats.total })}
          note={
            <span className="flex flex-wrap gap-2">
              <ActionButton
                call="operatorSetBetaSeats"
                input={() => ({ seats: Number(seats) })}
                label={t('operator.overview.changeSeats')}
                icon={<UsersIcon aria-hidden="true" />}
                title={t('operator.overview.changeSeatsTitle')}
                description={t('operator.overview.changeSeatsDescription', { used: overview.betaSeats.used })}
                confirmLabel={t('operator.overview.changeSeatsConfirm')}
                onDone={() => void load()}
              >
                <span className="mt-3 block space-y-1">
                  <label htmlFor="beta-seats" className="block text-sm font-medium text-foreground">
                    {t('operator.overview.seatsField')}
                  </label>
                  <Input id="beta-seats" type="number" min={0} max={100000} step={1} value={seats} onChange={(e) => setSeats(e.target.value)} />
                </span>
              </ActionButton>
              <ActionButton
                call="operatorFreeBetaSeat"
                input={() => ({ email: seatEmail.trim() })}
                label={t('operator.overview.freeSeat')}
                icon={<UserMinusIcon aria-hidden="true" />}
                title={t('operator.overview.freeSeatTitle')}
                description={t('operator.overview.freeSeatDescription')}
                confirmLabel={t('operator.overview.freeSeatConfirm')}
                ready={seatEmail.includes('@')}
                onOpen={() => setSeatEmail('')}
                onDone={() => void load()}
              >
                <span className="mt-3 block space-y-1">
                  <label htmlFor="free-seat-email" className="block text-sm font-medium text-foreground">
                    {t('operator.overview.freeSeatField')}
                  </label>
                  <Input id="free-seat-email" type="email" autoComplete="off" value={seatEmail} onChange={(e) => setSeatEmail(e.target.value)} />
                </span>
              </ActionButton>
            </span>
          }
        />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('operator.overview.ordersChart')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <BarChart days={days} series={orderSeries} format={count} whole summary={t('operator.overview.ordersSummary', { count: orders })} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('operator.overview.revenueChart')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <BarChart
              days={days}
              series={moneySeries}
              format={money}
              summary={t('operator.overview.revenueSummary', { revenue: money(revenue), refunded: money(overview.refunds.cents) })}
            />
          </CardContent>
        </Card>
      </div>
      <LikenessTable
        rows={[...overview.likeness].reverse().map(({ day, ...figures }) => ({ label: day, ...figures }))}
        description={t('operator.likeness.overviewDescription')}
      />
    </PageContainer>
  );
}
