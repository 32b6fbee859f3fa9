import { describe, expect, it } from 'vitest';
import { FALLBACK_EXAMPLE, STYLE_THEMES } from '@/shared/catalog/style-themes';
import { pickRound, seededRandom } from '@/islands/rotation';

/** The gallery's examples as the page lists them: one path per example, named by style and number. */
const THEMES = STYLE_THEMES.map((theme) => ({
  key: theme.key,
  examples: Array.from({ length: theme.exampleCount }, (_, i) => `/${theme.key}/${i + 1}.webp`),
}));
const FALLBACK = `/${FALLBACK_EXAMPLE.key}/${FALLBACK_EXAMPLE.no}.webp`;
const themeOf = (src: string) => src.split('/')[1]!;

describe('[site] landing rotation rounds', () => {
  it('takes one example from each of 5 distinct styles', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const round = pickRound(THEMES, 5, FALLBACK, seededRandom(seed));
      expect(round).toHaveLength(5);
      const themes = round.map(themeOf);
      expect(new Set(themes).size).toBe(5);
      for (const [i, src] of round.entries()) expect(THEMES.find((t) => t.key === themes[i])!.examples).toContain(src);
    }
  });

  it('varies the styles from round to round', () => {
    const random = seededRandom(7);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) for (const src of pickRound(THEMES, 5, FALLBACK, random)) seen.add(themeOf(src));
    expect(seen.size).toBeGreaterThan(10);
  });

  it('never repeats the image a slot showed in the previous round', () => {
    const random = seededRandom(3);
    let previous = pickRound(THEMES, 5, FALLBACK, random);
    for (let i = 0; i < 200; i++) {
      const next = pickRound(THEMES, 5, FALLBACK, random, previous);
      for (const [slot, src] of next.entries()) expect(src).not.toBe(previous[slot]);
      previous = next;
    }
  });

  it('uses only as many styles as there are', () => {
    const themes = [
      { key: 'a', examples: ['/a/1.webp'] },
      { key: 'b', examples: ['/b/1.webp'] },
    ];
    expect(pickRound(themes, 5, FALLBACK, seededRandom(1)).sort()).toEqual(['/a/1.webp', '/b/1.webp']);
  });

  it('falls back to the generic example 6 when no style has an example', () => {
    expect(FALLBACK_EXAMPLE).toEqual({ key: 'generic', no: 6 });
    expect(pickRound([], 5, FALLBACK)).toEqual([FALLBACK]);
    expect(pickRound([{ key: 'x', examples: [] }], 5, FALLBACK)).toEqual([FALLBACK]);
  });

  it('makes the same first round for the same seed', () => {
    expect(pickRound(THEMES, 5, FALLBACK, seededRandom(2025))).toEqual(pickRound(THEMES, 5, FALLBACK, seededRandom(2025)));
  });
});
