/** What "now" is; tests inject their own to move time (link expiry, retention). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
