import { useCallback, useState } from 'react';

/**
 * Asks once per order before the first download while the money-back guarantee holds (`refundable`, from
 * the order info): `guard(download)` runs the download at once when there is nothing to lose or the
 * customer already said yes for this order, and otherwise holds it until `confirm` (or drops it on
 * `cancel`). Once an order has a download the server answers `refundable: false`, so a reload asks no more.
 */
export function useDownloadGuard(orderId: string | undefined, refundable: boolean) {
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const asks = refundable && orderId !== undefined && confirmedFor !== orderId;

  const guard = useCallback(
    (download: () => void) => {
      if (asks) setPending(() => download);
      else download();
    },
    [asks],
  );
  const confirm = useCallback(() => {
    if (orderId) setConfirmedFor(orderId);
    setPending(null);
    pending?.();
  }, [orderId, pending]);
  const cancel = useCallback(() => setPending(null), []);

  return { asks, guard, asking: pending !== null, confirm, cancel };
}
