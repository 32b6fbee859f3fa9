import { useCallback, useEffect, useState } from 'react';

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
 * load is only logged and the last good list stays on screen; a list that never loaded shows as empty.
 * `load` must be stable (defined outside the component or memoised).
 */
export function useList<T>(load: () => Promise<T[]>, { what, initial, refreshMs }: UseListOptions<T>) {
  const [items, setItems] = useState<T[] | null>(initial);
  const [loading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await load());
    } catch (error) {
      console.error(`Could not load the ${what}`, error);
      setItems((current) => current ?? []);
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

  return { items, loading, refresh };
}
