import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { Order } from '@/shared/contracts/orders';
import { toast } from '@/stores/toast';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { shortOrderId } from '@/shared/format';

export interface OrderDeleteDialogProps {
  /** The order to delete; null when the dialog is closed. */
  order: Order | null;
  onClose: () => void;
  onDeleted: () => void;
}

/** Delete Order: deleting needs confirmation; the list is refetched afterwards. */
export function OrderDeleteDialog({ order, onClose, onDeleted }: OrderDeleteDialogProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!order) return;
    setDeleting(true);
    try {
      await call('deleteOrder', { orderId: order.id });
      onClose();
      onDeleted();
    } catch (error) {
      // Not among the product's messages; a customer who confirmed a deletion deserves to know it did not happen.
      console.error('Could not delete the order', error);
      toast({ variant: 'destructive', description: t('orders.delete.failed') + (error as Error).message });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('orders.delete.title')}
      description={order && t('orders.delete.description', { id: shortOrderId(order.id) })}
      cancelLabel={t('orders.cancel')}
      confirmLabel={t('orders.delete.confirm')}
      busyLabel={t('orders.delete.deleting')}
      busy={deleting}
      onConfirm={() => void remove()}
    />
  );
}
