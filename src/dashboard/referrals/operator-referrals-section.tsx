import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { BanIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { OperatorReferrals } from '@/shared/contracts/referral';
import { formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { Badge } from '@/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { ActionButton, useDateTime } from '../operator/operator-ui';

/**
 * The console's customer page, Referrals: the customer's referrals as referrer and as friend, and their
 * credits, each pending or available one with a Void action (confirmed and audited).
 */
export function OperatorReferralsSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  const [data, setData] = useState<OperatorReferrals | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData((await call('operatorReferrals', { email })).data);
      setFailed(null);
    } catch (error) {
      setFailed(errorMessage(error));
    }
  }, [email]);
  useEffect(() => void load(), [load]);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('operator.referrals.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {failed && <p className="text-destructive">{failed}</p>}
        {data && (
          <>
            <p>{data.code ? t('operator.referrals.code', { code: data.code }) : t('operator.referrals.noCode')}</p>
            {data.referrals.length === 0 ? (
              <p className="text-muted-foreground">{t('operator.referrals.none')}</p>
            ) : (
              <ul className="space-y-1" aria-label={t('operator.referrals.listLabel')}>
                {data.referrals.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span>{t(`operator.referrals.roles.${r.role}`, { other: r.other })}</span>
                    <Badge variant="neutral">{t(`dashboard.referrals.states.${r.state}`)}</Badge>
                    <time className="text-muted-foreground" dateTime={r.joinedAt}>
                      {dateTime(r.joinedAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
            {data.credits.length > 0 && (
              <ul className="space-y-1" aria-label={t('operator.referrals.creditsLabel')}>
                {data.credits.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span>{formatMoney(c.amountCents, 'usd', language)}</span>
                    <Badge variant="neutral">{t(`operator.referrals.creditStates.${c.state}`)}</Badge>
                    <span className="text-muted-foreground">{t('operator.referrals.usableFrom', { date: dateTime(c.availableAt) })}</span>
                    {(c.state === 'pending' || c.state === 'available') && (
                      <ActionButton
                        call="operatorVoidCredit"
                        input={() => ({ creditId: c.id })}
                        variant="destructive"
                        icon={<BanIcon aria-hidden="true" />}
                        label={t('operator.referrals.void')}
                        title={t('operator.referrals.voidTitle')}
                        description={t('operator.referrals.voidDescription', { amount: formatMoney(c.amountCents, 'usd', language) })}
                        confirmLabel={t('operator.referrals.voidConfirm')}
                        onDone={() => void load()}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
