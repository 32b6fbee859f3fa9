import { useCallback, useEffect, useRef, useState } from 'react';
import { call, errorMessage } from '@/api/client';
import type { OrderInfo } from '@/shared/contracts/order-info';
import { LIMITS } from '@/shared/limits';

/**
 * The photo selector's view of an order (`/v1/order/info`): loaded on open, every 60 seconds until the
 * order is completed, every few seconds while a portrait is being replaced, and whenever the page becomes
 * visible again. A failed load keeps the last good answer and says what went wrong (`error`, until a load
 * succeeds); without an order id nothing loads.
 *
 * Loads go one at a time. `refresh()` asked while one is under way runs once more after it, and resolves
 * with an answer the server gave after the call (what a caller that just changed the order waits for).
 */
export function useOrderInfo(orderId: string | undefined) {
  const [info, setInfo] = useState<OrderInfo | null>(null);
  const [loading, setLoading] = useState(Boolean(orderId));
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const queued = useRef<Promise<boolean> | null>(null);
  const shown = useRef(0);

  const load = useCallback(async (): Promise<boolean> => {
    if (!orderId) return false;
    try {
      const { data } = await call('orderInfo', { orderId });
      setInfo(data);
      setError(null);
      return true;
    } catch (failure) {
      console.error('Could not load the order', failure);
      // The server's own words when it gave any; a network failure is said by the title (and the banner).
      setError(errorMessage(failure, ''));
      return false;
    } finally {
      setLoaded(true);
    }
  }, [orderId]);

  const next = useCallback((): Promise<boolean> => {
    if (!running.current) {
      const run = load().finally(() => {
        running.current = null;
      });
      running.current = run;
      return run;
    }
    queued.current ??= running.current.then(() => {
      queued.current = null;
      return next();
    });
    return queued.current;
  }, [load]);

  /**
   * Loads the order now, or right after the load under way; true when that answer arrived. `loading` says
   * so meanwhile, unless `quiet` (the polls during a replacement: a spinner every few seconds would only distract).
   */
  const refresh = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}): Promise<boolean> => {
      if (quiet) return next();
      shown.current += 1;
      setLoading(true);
      try {
        return await next();
      } finally {
        shown.current -= 1;
        if (shown.current === 0) setLoading(false);
      }
    },
    [next],
  );

  useEffect(() => {
    if (!orderId) {
      console.error('The photo selector needs an order id in its URL');
      return;
    }
    void refresh();
  }, [orderId, refresh]);

  const completed = info?.status === 'completed' || info?.status === 'refunded';
  const replacing = (info?.replacements.pending.length ?? 0) > 0;
  useEffect(() => {
    if (!orderId || completed) return;
    const timer = setInterval(() => void refresh(), LIMITS.photoSelectorRefreshMs);
    return () => clearInterval(timer);
  }, [orderId, completed, refresh]);

  useEffect(() => {
    if (!orderId || !replacing) return;
    const timer = setInterval(() => void refresh({ quiet: true }), LIMITS.replacementRefreshMs);
    return () => clearInterval(timer);
  }, [orderId, replacing, refresh]);

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
