import { useEffect, useRef } from 'react';
import { call } from '@/api/client';
import { LIMITS } from '@/shared/limits';
import { navigate } from '@/stores/location';
import { useList } from '../components/use-list';

const loadOrders = async () => (await call('listOrders')).data;

/**
 * The caller's orders: loaded on open and every 60 seconds while the page is open. A failed load keeps
 * the last good list on screen and reports why (`error`), with when the list was last loaded.
 */
export function useOrders() {
  const { items: orders, loading, error, loadedAt, refresh } = useList(loadOrders, { what: 'orders', initial: null, refreshMs: LIMITS.ordersRefreshMs });
  return { orders, loading, error, loadedAt, refresh };
}

/**
 * Back from paying, with `session_id` in the address (Stripe's return page, or its form completing): the
 * server reads that payment back at once instead of waiting for the webhook, then the list reloads.
 * The parameter is dropped so a reload does not ask again.
 */
export function useCheckoutReturn(onChecked: () => void) {
  const onCheckedRef = useRef(onChecked);
  onCheckedRef.current = onChecked;
  useEffect(() => {
    const sessionId = new URLSearchParams(location.search).get('session_id');
    if (!sessionId) return;
    navigate(location.pathname, { replace: true });
    call('confirmCheckout', { sessionId }).then(
      () => onCheckedRef.current(),
      (error: unknown) => console.error('Could not check the payment', error),
    );
  }, []);
}
