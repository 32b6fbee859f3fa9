import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { call } from '@/api/client';
import { formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { ConfirmDialog } from '@/ui/confirm-dialog';

/** What a refund gives back, and to what: the whole payment, to the card (or account) that made it. */
export interface RefundTarget {
  orderId: string;
  amountCents: number;
  currency: string;
  /** The paying card's last four digits; null when the provider named no card (a wallet, a bank debit). */
  cardLast4: string | null;
}

export interface OrderRefundDialogProps {
  /** The order to refund; null when the dialog is closed. */
  refund: RefundTarget | null;
  onClose: () => void;
  onRefunded: () => void;
}

/**
 * Request refund (My Orders, Receipts): how much goes back and where to, the policy and what happens,
 * then the refund; the list is refetched afterwards.
 */
export function OrderRefundDialog({ refund, onClose, onRefunded }: OrderRefundDialogProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [refunding, setRefunding] = useState(false);

  async function confirm() {
    if (!refund) return;
    setRefunding(true);
    try {
      await call('requestRefund', { orderId: refund.orderId });
      onClose();
      toast({ description: t('orders.refund.done') });
      onRefunded();
    } catch (error) {
      toast({ variant: 'destructive', description: t('orders.refund.failed') + (error as Error).message });
      onClose();
      onRefunded();
    } finally {
      setRefunding(false);
    }
  }

  const amount = refund ? formatMoney(refund.amountCents, refund.currency, language) : '';
  return (
    <ConfirmDialog
      open={refund !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.refund.title')}
      description={
        <>
          {refund && (
            <span className="block font-medium text-foreground">
              {refund.cardLast4 ? t('orders.refund.amount', { amount, last4: refund.cardLast4 }) : t('orders.refund.amountNoCard', { amount })}
            </span>
          )}
          <span className="mt-2 block">{t('orders.refund.policy')}</span>
          <span className="mt-2 block">{t('orders.refund.effect')}</span>
        </>
      }
      cancelLabel={t('orders.cancel')}
      confirmLabel={t('orders.refund.confirm', { amount })}
      busyLabel={t('orders.refund.refunding')}
      busy={refunding}
      onConfirm={() => void confirm()}
    />
  );
}
