import { useTranslation } from 'react-i18next';
import type { GiftCardState } from '@/shared/contracts/giftcard';
import { Badge } from '@/ui/badge';

const VARIANT: Record<GiftCardState, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  pending: 'outline',
  scheduled: 'secondary',
  sent: 'default',
  redeemed: 'secondary',
  refunded: 'outline',
  void: 'destructive',
};

/** A card's state as its buyer (and the console) sees it. */
export function GiftStateBadge({ state }: { state: GiftCardState }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[state]}>{t(`giftCards.state.${state}`)}</Badge>;
}
