import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { ReferralState, ReferralsResponse } from '@/shared/contracts/referral';
import { formatDate, formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { ListSkeleton } from '../components/list-states';
import { PageContainer, PageHeader } from '../components/page-header';

const STATE_BADGE: Record<ReferralState, 'neutral' | 'info' | 'success' | 'destructive' | 'outline'> = {
  joined: 'neutral',
  ordered: 'info',
  credited: 'success',
  refunded: 'destructive',
  capped: 'outline',
};

/**
 * Referrals (`/dashboard/referrals`): the customer's personal link with a Copy button, what a friend gets
 * and what the customer earns (figures from the catalog, through the server), the friends who joined and
 * the credits: available, pending with the date each becomes usable, used; and the monthly limit.
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const language = useStore($language);
  const [data, setData] = useState<ReferralsResponse | null | undefined>(undefined);
  const [copied, setCopied] = useState(false);

  const load = useCallback(async () => {
    try {
      setData((await call('referralsMine', {})).data);
    } catch (error) {
      console.warn(errorMessage(error));
      setData(null);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'usd', language);
  return (
    <PageContainer>
      <PageHeader title={t('dashboard.titles.referrals')} description={t('dashboard.referrals.description')} />
      {data === undefined ? (
        <ListSkeleton label={t('dashboard.loading')} />
      ) : data === null ? (
        <div role="alert" className="space-y-3">
          <p className="text-destructive">{t('dashboard.referrals.loadFailed')}</p>
          <Button variant="outline" onClick={() => void load()}>
            {t('dashboard.referrals.retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          {data.welcome?.open && (
            <p className="rounded-lg border bg-muted/40 p-4 text-sm" data-testid="referral-welcome">
              {t('dashboard.referrals.welcome', { amount: money(data.welcome.discountCents) })}
            </p>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard.referrals.linkTitle')}</CardTitle>
              <CardDescription>
                {t('dashboard.referrals.offer', {
                  friend: money(data.friendDiscountCents),
                  credit: money(data.referrerCreditCents),
                  days: data.windowDays,
                })}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 sm:flex-row">
              <Input
                readOnly
                value={data.link}
                aria-label={t('dashboard.referrals.linkLabel')}
                className="font-mono"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button onClick={() => void copy(data.link)} className="shrink-0">
                {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
                <span aria-live="polite">{copied ? t('dashboard.referrals.copied') : t('dashboard.referrals.copy')}</span>
              </Button>
            </CardContent>
          </Card>

          <div className="grid gap-4 sm:grid-cols-3">
            <Card>
              <CardHeader>
                <CardDescription>{t('dashboard.referrals.available')}</CardDescription>
                <CardTitle className="text-2xl" data-testid="credits-available">
                  {money(data.credits.availableCents)}
                </CardTitle>
              </CardHeader>
            </Card>
            <Card>
              <CardHeader>
                <CardDescription>{t('dashboard.referrals.pending')}</CardDescription>
                <CardTitle className="text-2xl" data-testid="credits-pending">
                  {money(data.credits.pending.reduce((sum, c) => sum + c.amountCents, 0))}
                </CardTitle>
              </CardHeader>
              {data.credits.pending.length > 0 && (
                <CardContent>
                  <ul className="space-y-1 text-sm text-muted-foreground">
                    {data.credits.pending.map((c) => (
                      <li key={`${c.availableAt}-${c.amountCents}`}>
                        {t('dashboard.referrals.pendingUntil', { amount: money(c.amountCents), date: formatDate(c.availableAt, language) })}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              )}
            </Card>
            <Card>
              <CardHeader>
                <CardDescription>{t('dashboard.referrals.used')}</CardDescription>
                <CardTitle className="text-2xl">{money(data.credits.usedCents)}</CardTitle>
              </CardHeader>
            </Card>
          </div>
          <p className="text-sm text-muted-foreground">{t('dashboard.referrals.limit', { used: data.creditsThisMonth, limit: data.creditsPerMonth })}</p>

          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard.referrals.friendsTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              {data.friends.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('dashboard.referrals.noFriends')}</p>
              ) : (
                <ul className="divide-y" aria-label={t('dashboard.referrals.friendsTitle')}>
                  {data.friends.map((f) => (
                    <li key={`${f.masked}-${f.joinedAt}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <span className="font-medium">{f.masked}</span>
                      <span className="text-sm text-muted-foreground">{t('dashboard.referrals.joined', { date: formatDate(f.joinedAt, language) })}</span>
                      <Badge variant={STATE_BADGE[f.state]} title={t(`dashboard.referrals.stateHelp.${f.state}`, { days: data.windowDays })}>
                        {t(`dashboard.referrals.states.${f.state}`)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
