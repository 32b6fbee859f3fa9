import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '@/api/client';
import type { Order } from '@/shared/contracts/orders';
import { shortOrderId } from '@/shared/format';
import { toast } from '@/stores/toast';
import { CheckoutDialog, type CheckoutPhase } from '../create-order/checkout-dialog';
import { settleAfterPayment } from './after-payment';

export interface OrderPaymentDialogProps {
  /** The unpaid order whose payment is completed; null when the dialog is closed. */
  order: Order | null;
  onClose: () => void;
  /** The order was paid, or turned out to be settled already: the list is reloaded. */
  onOrdersChanged: () => void;
}

/**
 * Complete payment: the unpaid order's own checkout in the same full-screen dialog as a new order's.
 * Closing it leaves the order unpaid, to pay later or discard; a checkout that can no longer be paid
 * (expired, or paid in another tab) says why, and the list shows what became of the order.
 */
export function OrderPaymentDialog({ order, onClose, onOrdersChanged }: OrderPaymentDialogProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<CheckoutPhase>({ phase: 'closed' });
  const attempt = useRef<string | null>(null);
  // The callbacks may be new on every render of the page; the checkout is asked for once per opening.
  const callbacks = useRef({ onClose, onOrdersChanged, t });
  callbacks.current = { onClose, onOrdersChanged, t };

  useEffect(() => {
    if (!order) {
      attempt.current = null;
      setState({ phase: 'closed' });
      return;
    }
    const orderId = order.id;
    attempt.current = orderId;
    setState({ phase: 'preparing' });
    call('resumeCheckout', { orderId }).then(
      ({ data }) => {
        if (attempt.current === orderId) setState({ phase: 'payment', checkout: data });
      },
      (error: unknown) => {
        if (attempt.current !== orderId) return;
        const { onClose: close, onOrdersChanged: changed, t: translate } = callbacks.current;
        toast({ variant: 'destructive', description: translate('orders.pay.failed') + errorMessage(error) });
        close();
        changed();
      },
    );
  }, [order]);

  const complete = () => {
    const paid = state.phase === 'payment' ? state.checkout : null;
    const id = order ? shortOrderId(order.id) : '';
    onClose();
    toast({ description: t('orders.pay.done', { id }) });
    void (paid ? settleAfterPayment(paid) : Promise.resolve()).then(onOrdersChanged);
  };

  return <CheckoutDialog state={state} onClose={onClose} onComplete={complete} />;
}
