import { useCallback, useEffect, useMemo, useState } from 'react';
import { call, errorMessage } from '@/api/client';
import type { OrderInfo } from '@/shared/contracts/order-info';
import { toast } from '@/stores/toast';
import { type ReplacementOutcome, settledReplacements } from './photo-list';

const without = <T>(set: ReadonlySet<T>, value: T) => new Set([...set].filter((v) => v !== value));

/**
 * The free replacements of an order in the photo selector: which portrait the confirmation asks about,
 * the call, the portraits being replaced, and what became of those this visit saw being replaced.
 *
 * A portrait asked for here counts as being replaced from the call's answer until an order info fetched
 * after it arrives (the refresh waits for one); from then on the info says. A number seen being replaced
 * is watched until an info no longer lists it as pending: it was then replaced, or failed when the info
 * lists it among the failed (the portrait was kept and the replacement given back).
 */
export function useReplacements(orderId: string | undefined, info: OrderInfo | null, refresh: (options?: { quiet?: boolean }) => Promise<boolean>) {
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [requested, setRequested] = useState<ReadonlySet<number>>(new Set());
  const [watched, setWatched] = useState<ReadonlySet<number>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, ReplacementOutcome>>(new Map());
  const replacements = info?.replacements;

  useEffect(() => {
    if (!replacements) return;
    const seen = new Set([...watched, ...replacements.pending]);
    const settled = settledReplacements(seen, replacements);
    const still = [...seen].filter((no) => !settled.has(no));
    if (still.length !== watched.size || still.some((no) => !watched.has(no))) setWatched(new Set(still));
    if (settled.size > 0) setOutcomes((current) => new Map([...current, ...settled]));
  }, [replacements, watched]);

  const pending = useMemo(() => new Set([...(replacements?.pending ?? []), ...requested]), [replacements, requested]);

  const confirm = useCallback(async () => {
    if (!orderId || asking === null) return;
    const no = asking;
    setBusy(true);
    try {
      await call('replacePortrait', { orderId, no });
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
      // The counter or the order may have changed meanwhile (another tab, the purge).
      void refresh({ quiet: true });
      return;
    } finally {
      setBusy(false);
      setAsking(null);
    }
    setOutcomes((current) => new Map([...current].filter(([n]) => n !== no)));
    setRequested((current) => new Set([...current, no]));
    const fresh = await refresh({ quiet: true });
    setRequested((current) => without(current, no));
    if (fresh) setWatched((current) => new Set([...current, no]));
  }, [orderId, asking, refresh]);

  return {
    /** Replacements are offered: a delivered order whose portraits are kept and whose package includes some. */
    offered: info?.status === 'completed' && !info.expired && (replacements?.included ?? 0) > 0,
    left: replacements?.left ?? 0,
    pending: pending as ReadonlySet<number>,
    outcomes,
    /** The portrait the confirmation asks about, or null. */
    asking,
    busy,
    ask: setAsking as (no: number) => void,
    cancel: useCallback(() => setAsking(null), []),
    confirm,
    dismiss: useCallback((no: number) => setOutcomes((current) => new Map([...current].filter(([n]) => n !== no))), []),
  };
}
