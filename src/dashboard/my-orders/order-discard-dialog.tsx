import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '@/api/client';
import type { Order } from '@/shared/contracts/orders';
import { shortOrderId } from '@/shared/format';
import { toast } from '@/stores/toast';
import { ConfirmDialog } from '@/ui/confirm-dialog';

export interface OrderDiscardDialogProps {
  /** The unpaid order to discard; null when the dialog is closed. */
  order: Order | null;
  onClose: () => void;
  /** The order went (or turned out to be paid meanwhile): the list is reloaded. */
  onOrdersChanged: () => void;
}

/** Discard: an unpaid order and its photos go at once, after confirming; nothing was charged. */
export function OrderDiscardDialog({ order, onClose, onOrdersChanged }: OrderDiscardDialogProps) {
  const { t } = useTranslation();
  const [discarding, setDiscarding] = useState(false);

  async function discard() {
    if (!order) return;
    setDiscarding(true);
    try {
      await call('discardOrder', { orderId: order.id });
      toast({ description: t('orders.discard.done') });
    } catch (error) {
      toast({ variant: 'destructive', description: t('orders.discard.failed') + errorMessage(error) });
    } finally {
      setDiscarding(false);
      onClose();
      onOrdersChanged();
    }
  }

  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.discard.title')}
      description={order && t('orders.discard.description', { id: shortOrderId(order.id) })}
      cancelLabel={t('orders.cancel')}
      confirmLabel={t('orders.discard.confirm')}
      busyLabel={t('orders.discard.discarding')}
      busy={discarding}
      onConfirm={() => void discard()}
    />
  );
}
