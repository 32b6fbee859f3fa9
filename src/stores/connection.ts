import { atom } from 'nanostores';
import { onReachabilityChange, reportReachable } from '@/api/client';

/** How often the dashboard asks whether the server is back, while it is out of reach. */
const PROBE_MS = 5_000;

/**
 * False while the server cannot be reached (a call failed on the network or at the gateway, or the
 * browser says it is offline); true again once a call or a health probe is answered. The dashboard
 * shows a banner while it is false; pages keep what they last loaded.
 */
export const $serverReachable = atom(true);

let probe: ReturnType<typeof setInterval> | undefined;

function set(reachable: boolean): void {
  $serverReachable.set(reachable);
  clearInterval(probe);
  probe = undefined;
  if (reachable) return;
  probe = setInterval(() => {
    fetch('/v1/health', { cache: 'no-store' }).then(
      (response) => response.ok && reportReachable(true),
      () => {},
    );
  }, PROBE_MS);
}

/** Starts watching; returns the cleanup. */
export function watchConnection(): () => void {
  const stop = onReachabilityChange(set);
  const offline = () => reportReachable(false);
  window.addEventListener('offline', offline);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) reportReachable(false);
  return () => {
    stop();
    window.removeEventListener('offline', offline);
    clearInterval(probe);
  };
}
