/** A source of floats in [0, 1), like Math.random. */
export type Random = () => number;

/**
 * A small deterministic random source (mulberry32): the same seed gives the same sequence, for the
 * landing page's server-rendered first round and for reproducible generated artwork.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
