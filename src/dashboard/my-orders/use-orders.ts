import { useCallback, useEffect, useState } from 'react';
import { api } from '@/api/client';
import type { Order } from '@/shared/contracts/orders';
import { LIMITS } from '@/shared/limits';

/**
 * The caller's orders: loaded on open and every 60 seconds while the page is open. Failures are only
 * logged (spec section 8); the last good list stays on screen.
 */
export function useOrders() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await api<Order[]>('/v1/order/list');
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
