import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '@/api/client';
import { toggleFavorite } from './photo-list';

/**
 * The order's favorites, toggled optimistically. After each toggle the whole list is saved
 * (`/v1/order/setFavorite`); saves go one after another so the server always ends with the last
 * list, and a refresh that lands while a save is pending does not undo the toggle. Failures are
 * only logged.
 */
export function useFavorites(orderId: string | undefined, fromServer: number[] | undefined) {
  const [favorites, setFavorites] = useState<number[]>([]);
  const current = useRef<number[]>([]);
  const pending = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    if (!fromServer || pending.current > 0) return;
    current.current = fromServer;
    setFavorites(fromServer);
  }, [fromServer]);

  const toggle = useCallback(
    (no: number) => {
      if (!orderId) {
        console.error('Favorites saved without an order id');
        return;
      }
      const next = toggleFavorite(current.current, no);
      current.current = next;
      setFavorites(next);
      pending.current += 1;
      queue.current = queue.current
        .then(() => call('setFavorite', { orderId, noList: next }))
        .catch((error: unknown) => console.error('Could not save the favorites', error))
        .finally(() => {
          pending.current -= 1;
        });
    },
    [orderId],
  );

  return { favorites, toggle };
}
