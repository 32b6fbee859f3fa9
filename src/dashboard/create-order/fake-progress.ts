import { LIMITS } from '@/shared/limits';

/** The checkout preparation bar never claims to be done: it stops here until the answer arrives. */
export const FAKE_PROGRESS_CAP = LIMITS.checkoutProgressCap;
export const FAKE_PROGRESS_STEP_MS = LIMITS.checkoutProgressStepMs;
/** Ticks each status message stays before the next one (5 x 300 ms = 1.5 s). */
export const TICKS_PER_STATUS = 5;
export const STATUS_COUNT = 5;

/**
 * The bar's value one tick later: 15% of what is left to the cap (at least 1 point), so the steps
 * shrink as it rises and it settles on the cap.
 */
export function nextFakeProgress(value: number): number {
  if (value >= FAKE_PROGRESS_CAP) return FAKE_PROGRESS_CAP;
  const step = Math.max(1, Math.round((FAKE_PROGRESS_CAP - value) * 0.15));
  return Math.min(FAKE_PROGRESS_CAP, value + step);
}

/** The bar's value after `ticks` ticks from 0. */
export function fakeProgressAt(ticks: number): number {
  let value = 0;
  for (let i = 0; i < ticks && value < FAKE_PROGRESS_CAP; i++) value = nextFakeProgress(value);
  return value;
}

/** Which status message (0-based) shows after `ticks` ticks; the last one stays. */
export function statusIndexAt(ticks: number): number {
  return Math.min(STATUS_COUNT - 1, Math.floor(ticks / TICKS_PER_STATUS));
}
