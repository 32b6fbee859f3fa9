import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, TicketIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { CallOutput } from '@/shared/contracts/calls';
import type { CALLS } from '@/shared/contracts/calls';
import { navigate } from '@/stores/location';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { TeamSection } from '../team/team-section';

type Found = CallOutput<typeof CALLS.giftCardCheck>;
type Redeemed = CallOutput<typeof CALLS.giftCardMine>['redeemed'];

const startOrder = (giftCardId: string) => navigate(`/dashboard/newOrder?giftcard=${encodeURIComponent(giftCardId)}`);

/**
 * Redeeming: the code (filled in from the mail's link), what it is for before the customer confirms, then
 * "Start my order". The customer's redeemed cards not used yet are listed with the same button.
 */
export function RedeemSection({ initialCode, redeemed, onRedeemed }: { initialCode: string; redeemed: Redeemed; onRedeemed: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Found | null>(null);

  const check = useCallback(async (value: string) => {
    setBusy(true);
    setError('');
    setFound(null);
    try {
      setFound((await call('giftCardCheck', { code: value })).data);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (initialCode) void check(initialCode);
  }, [initialCode, check]);

  async function redeem() {
    setBusy(true);
    setError('');
    try {
      const { data } = await call('giftCardRedeem', { code });
      setDone(data);
      setFound(null);
      onRedeemed();
    } catch (failure) {
      setError(t('giftCards.redeem.failed') + errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) void check(code.trim());
  };
  // The card just redeemed has its own button above.
  const unused = redeemed.filter((card) => !card.orderId && card.id !== done?.giftCardId);

  return (
    <TeamSection id="giftcards-redeem" title={t('giftCards.redeem.title')} description={t('giftCards.redeem.description')}>
      {done ? (
        <div role="status" className="space-y-3 rounded-lg border border-primary/40 bg-primary/5 p-4">
          <p className="font-medium">{t('giftCards.redeem.redeemed', { package: t(`catalog.packages.${done.packageId}.name`) })}</p>
          <Button onClick={() => startOrder(done.giftCardId)}>
            <ArrowRightIcon aria-hidden="true" />
            {t('giftCards.redeem.start')}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-3" aria-label={t('giftCards.redeem.title')}>
          <div className="space-y-1">
            <Label htmlFor="gift-code">{t('giftCards.redeem.code')}</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="gift-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className="font-mono uppercase"
                placeholder="GIFT-XXXX-XXXX-XXXX-XXXX-XXXX"
                autoComplete="off"
                spellCheck={false}
              />
              <Button type="submit" variant="outline" disabled={busy || !code.trim()}>
                {t('giftCards.redeem.check')}
              </Button>
            </div>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          {found && (
            <div className="space-y-3 rounded-lg border p-4">
              <p className="flex items-center gap-2 font-medium">
                <TicketIcon className="size-4" aria-hidden="true" />
                {t('giftCards.redeem.found', { package: t(`catalog.packages.${found.packageId}.name`), from: found.from })}
              </p>
              {found.message && <p className="text-sm italic">“{found.message}”</p>}
              <Button disabled={busy} onClick={() => void redeem()}>
                {t('giftCards.redeem.confirm')}
              </Button>
            </div>
          )}
        </form>
      )}
      {unused.length > 0 && (
        <div className="space-y-2 pt-2">
          <h3 className="text-sm font-medium">{t('giftCards.redeem.yours')}</h3>
          <ul className="divide-y rounded-lg border">
            {unused.map((card) => (
              <li key={card.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="text-sm">{t('giftCards.mine.line', { package: t(`catalog.packages.${card.packageId}.name`) })}</span>
                <Button size="sm" onClick={() => startOrder(card.id)}>
                  <ArrowRightIcon aria-hidden="true" />
                  {t('giftCards.redeem.start')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </TeamSection>
  );
}
