import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorMessage } from '@/api/client';
import type { OrderInfo } from '@/shared/contracts/order-info';
import { LIMITS } from '@/shared/limits';

/**
 * The photo selector's view of an order (`/v1/order/info`): loaded on open, every 60 seconds until the
 * order is completed, and whenever the page becomes visible again. A failed load keeps the last good
 * answer and says what went wrong (`error`, until a load succeeds); without an order id nothing loads.
 */
export function useOrderInfo(orderId: string | undefined) {
  const [info, setInfo] = useState<OrderInfo | null>(null);
  const [loading, setLoading] = useState(Boolean(orderId));
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const refresh = useCallback(async () => {
    if (!orderId || inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      const { data } = await call('orderInfo', { orderId });
      setInfo(data);
      setError(null);
    } catch (failure) {
      console.error('Could not load the order', failure);
      // The server's own words when it gave any; a network failure is said by the title (and the banner).
      setError(errorMessage(failure, ''));
    } finally {
      inFlight.current = false;
      setLoading(false);
      setLoaded(true);
    }
  }, [orderId]);

  useEffect(() => {
    if (!orderId) {
      console.error('The photo selector needs an order id in its URL');
      return;
    }
    void refresh();
  }, [orderId, refresh]);

  const completed = info?.status === 'completed' || info?.status === 'refunded';
  useEffect(() => {
    if (!orderId || completed) return;
    const timer = setInterval(() => void refresh(), LIMITS.photoSelectorRefreshMs);
    return () => clearInterval(timer);
  }, [orderId, completed, refresh]);

  useEffect(() => {
    if (!orderId) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [orderId, refresh]);

  return { info, loading, loaded, error, refresh };
}
