import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { CALLS } from '@/shared/contracts/calls';
import type { Order } from '@/shared/contracts/orders';
import { toast } from '@/stores/toast';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/ui/alert-dialog';
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
      await call(CALLS.deleteOrder, { orderId: order.id });
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
    <AlertDialog open={order !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('orders.delete.title')}</AlertDialogTitle>
          <AlertDialogDescription>{order && t('orders.delete.description', { id: shortOrderId(order.id) })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>{t('orders.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={deleting}
            onClick={(event) => {
              event.preventDefault();
              void remove();
            }}
          >
            {deleting ? t('orders.delete.deleting') : t('orders.delete.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
