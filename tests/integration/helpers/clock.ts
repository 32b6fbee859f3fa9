import type { Clock } from '@/server/clock';

/** A clock the test moves by hand: link expiry, session idling, retention. */
export function manualClock(start = new Date('2026-11-21T09:00:00Z')): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (d) => {
      now = d.getTime();
    },
  };
}
