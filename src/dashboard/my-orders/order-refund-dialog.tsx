import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { toast } from '@/stores/toast';
import { ConfirmDialog } from '@/ui/confirm-dialog';

export interface OrderRefundDialogProps {
  /** The id of the order to refund; null when the dialog is closed. */
  orderId: string | null;
  onClose: () => void;
  onRefunded: () => void;
}

/** Request refund (My Orders, Receipts): the policy and what happens, then the refund; the list is refetched afterwards. */
export function OrderRefundDialog({ orderId, onClose, onRefunded }: OrderRefundDialogProps) {
  const { t } = useTranslation();
  const [refunding, setRefunding] = useState(false);

  async function refund() {
    if (!orderId) return;
    setRefunding(true);
    try {
      await call('requestRefund', { orderId });
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

  return (
    <ConfirmDialog
      open={orderId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.refund.title')}
      description={
        <>
          <span className="block">{t('orders.refund.policy')}</span>
          <span className="mt-2 block">{t('orders.refund.effect')}</span>
        </>
      }
      cancelLabel={t('orders.cancel')}
      confirmLabel={t('orders.refund.confirm')}
      busyLabel={t('orders.refund.refunding')}
      busy={refunding}
      onConfirm={() => void refund()}
    />
  );
}
