import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { Undo2Icon } from 'lucide-react';
import { call } from '@/api/client';
import type { Order } from '@/shared/contracts/orders';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';

export interface OrderDeleteDialogProps {
  /** The order to delete (a completed one) or remove from the list (a refunded one); null when the dialog is closed. */
  order: Order | null;
  onClose: () => void;
  onDeleted: () => void;
  /** The customer chose the refund the order still qualifies for instead of deleting it. */
  onRefundInstead: (order: Order) => void;
}

/**
 * Delete Order: deleting needs confirmation; the list is refetched afterwards. While the order can still
 * be refunded the dialog says so first and offers "Request refund instead", since deleting would leave
 * the money behind. A refunded order is only removed from the list: its payment and refund stay on Receipts.
 */
export function OrderDeleteDialog({ order, onClose, onDeleted, onRefundInstead }: OrderDeleteDialogProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [deleting, setDeleting] = useState(false);
  const refunded = order?.status === 'refunded';
  const texts = refunded ? 'orders.remove' : 'orders.delete';
  const refundable = order !== null && order.status === 'completed' && order.refundBlock === null;

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
      title={t(`${texts}.title`)}
      description={order && t(`${texts}.description`, { id: shortOrderId(order.id) })}
      cancelLabel={t('orders.cancel')}
      confirmLabel={t(`${texts}.confirm`)}
      busyLabel={t(`${texts}.deleting`)}
      busy={deleting}
      onConfirm={() => void remove()}
    >
      {refundable && order && (
        <div className="space-y-3 rounded-lg border border-success/40 bg-success/5 p-4 text-sm">
          <p>
            {t('orders.delete.refundInstead.note', {
              amount: order.paid ? formatMoney(order.paid.amountCents, order.paid.currency, language) : '',
            })}
          </p>
          <Button variant="outline" size="sm" disabled={deleting} onClick={() => onRefundInstead(order)}>
            <Undo2Icon aria-hidden="true" />
            {t('orders.delete.refundInstead.button')}
          </Button>
        </div>
      )}
    </ConfirmDialog>
  );
}
