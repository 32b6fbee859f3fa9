import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/api/client';

export interface UseListOptions<T> {
  /** Names the list in the console message of a failed load: "Could not load the orders". */
  what: string;
  /** What the list is before the first answer (null: not known yet). */
  initial: T[] | null;
  /** Reload this often while the page is open. */
  refreshMs?: number;
}

/**
 * A dashboard list: loaded on open (and every `refreshMs`), with a loading flag and a refresh. A failed
 * load keeps the last good list on screen and reports why in `error` (null once a load works again),
 * with when the list was last loaded in `loadedAt`; it is logged too.
 * `load` must be stable (defined outside the component or memoised).
 */
export function useList<T>(load: () => Promise<T[]>, { what, initial, refreshMs }: UseListOptions<T>) {
  const [items, setItems] = useState<T[] | null>(initial);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await load());
      setError(null);
      setLoadedAt(new Date());
    } catch (failure) {
      console.error(`Could not load the ${what}`, failure);
      setError(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  }, [load, what]);

  useEffect(() => {
    void refresh();
    if (!refreshMs) return;
    const timer = setInterval(() => void refresh(), refreshMs);
    return () => clearInterval(timer);
  }, [refresh, refreshMs]);

  return { items, loading, error, loadedAt, refresh };
}
