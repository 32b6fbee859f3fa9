import { seededRandom, type Random } from '../../src/shared/random';

/** Small deterministic PRNG helpers so every generated image is reproducible from its key. */

/** FNV-1a hash of a string into an unsigned 32-bit seed. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly random: Random;

  constructor(seed: number | string) {
    const state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
    this.random = seededRandom(state === 0 ? 0x9e3779b9 : state);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.random();
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, maxInclusive: number): number {
    return Math.floor(this.range(min, maxInclusive + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** A child generator, so adding draws in one place does not shift another. */
  fork(label: string): Rng {
    return new Rng((hashString(label) ^ Math.floor(this.next() * 4294967296)) >>> 0);
  }
}

/** Rounds for compact SVG output. */
export const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();
