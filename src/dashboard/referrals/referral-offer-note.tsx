import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { GiftIcon } from 'lucide-react';
import { call } from '@/api/client';
import { formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';

/**
 * Where the wizard shows the prices: a referred newcomer's welcome discount and the customer's usable
 * referral credits, which the checkout applies by itself. Nothing while the page call has not answered
 * (or failed): the checkout's summary names them anyway.
 */
export function ReferralOfferNote() {
  const { t } = useTranslation();
  const language = useStore($language);
  const [offer, setOffer] = useState<{ welcomeCents: number; creditCents: number } | null>(null);
  useEffect(() => {
    let live = true;
    call('referralsMine', {}).then(
      ({ data }) => live && setOffer({ welcomeCents: data.welcome?.open ? data.welcome.discountCents : 0, creditCents: data.credits.availableCents }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!offer || (offer.welcomeCents === 0 && offer.creditCents === 0)) return null;
  const money = (cents: number) => formatMoney(cents, 'usd', language);
  return (
    <p className="mt-2 flex items-center gap-2 rounded-lg border border-success/30 bg-success/5 px-4 py-3 text-sm" data-testid="referral-offer">
      <GiftIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
      <span>
        {offer.welcomeCents > 0 && t('dashboard.referrals.wizard.welcome', { amount: money(offer.welcomeCents) })}
        {offer.welcomeCents > 0 && offer.creditCents > 0 && ' '}
        {offer.creditCents > 0 && t('dashboard.referrals.wizard.credit', { amount: money(offer.creditCents) })}
      </span>
    </p>
  );
}
