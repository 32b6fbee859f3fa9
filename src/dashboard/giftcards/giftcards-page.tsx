import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { CALLS, CallOutput } from '@/shared/contracts/calls';
import { navigate } from '@/stores/location';
import { PageContainer, PageHeader } from '../components/page-header';
import { BuySection } from './buy-section';
import { MyCardsSection } from './my-cards-section';
import { RedeemSection } from './redeem-section';

type Mine = CallOutput<typeof CALLS.giftCardMine>;

/**
 * Gift cards (`/dashboard/giftcards`): redeeming a code (`?redeem=` from the mail fills it in), buying a
 * card, and the cards bought. A return from Stripe's payment page (`?session_id=`) has the payment checked first.
 */
export function GiftCardsPage() {
  const { t } = useTranslation();
  const [mine, setMine] = useState<Mine>({ bought: [], redeemed: [] });
  const [initialCode] = useState(() => new URLSearchParams(location.search).get('redeem') ?? '');
  const load = useCallback(() => {
    void call('giftCardMine', {})
      .then(({ data }) => setMine(data))
      .catch((error: unknown) => console.error('Could not load the gift cards', error));
  }, []);
  const confirm = useCallback(
    (sessionId: string) => {
      void call('giftCardConfirm', { sessionId })
        .catch((error: unknown) => console.error('Could not check the gift card payment', error))
        .finally(load);
    },
    [load],
  );

  useEffect(() => {
    const sessionId = new URLSearchParams(location.search).get('session_id');
    if (sessionId) {
      navigate('/dashboard/giftcards', { replace: true });
      confirm(sessionId);
    } else load();
  }, [load, confirm]);

  return (
    <PageContainer>
      <PageHeader title={t('dashboard.titles.giftCards')} description={t('giftCards.description')} />
      <div className="space-y-6">
        <RedeemSection initialCode={initialCode} redeemed={mine.redeemed} onRedeemed={load} />
        <BuySection onPaid={confirm} />
        <MyCardsSection cards={mine.bought} onChange={load} />
      </div>
    </PageContainer>
  );
}
