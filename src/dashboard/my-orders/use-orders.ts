import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '@/api/client';
import { CALLS } from '@/shared/contracts/calls';
import type { Order } from '@/shared/contracts/orders';
import { LIMITS } from '@/shared/limits';
import { navigate } from '@/stores/location';

/**
 * The caller's orders: loaded on open and every 60 seconds while the page is open. Failures are only
 * logged; the last good list stays on screen.
 */
export function useOrders() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await call(CALLS.listOrders);
      setOrders(data);
    } catch (error) {
      console.error('Could not load the orders', error);
      setOrders((current) => current ?? []);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), LIMITS.ordersRefreshMs);
    return () => clearInterval(timer);
  }, [refresh]);

  return { orders, loading, refresh };
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
    call(CALLS.confirmCheckout, { sessionId }).then(
      () => onCheckedRef.current(),
      (error: unknown) => console.error('Could not check the payment', error),
    );
  }, []);
}
