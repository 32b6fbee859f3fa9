import { describe, expect, it } from 'vitest';
import { FALLBACK_EXAMPLE, STYLE_THEMES } from '@/shared/catalog/style-themes';
import { pickRound, seededRandom, themeOfExample } from '@/islands/rotation';

describe('[site] landing rotation rounds', () => {
  it('takes one example from each of 5 distinct styles', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const round = pickRound(STYLE_THEMES, 5, FALLBACK_EXAMPLE, seededRandom(seed));
      expect(round).toHaveLength(5);
      const themes = round.map(themeOfExample);
      expect(new Set(themes).size).toBe(5);
      for (const [i, src] of round.entries()) expect(STYLE_THEMES.find((t) => t.key === themes[i])!.examples).toContain(src);
    }
  });

  it('varies the styles from round to round', () => {
    const random = seededRandom(7);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) for (const src of pickRound(STYLE_THEMES, 5, FALLBACK_EXAMPLE, random)) seen.add(themeOfExample(src)!);
    expect(seen.size).toBeGreaterThan(10);
  });

  it('never repeats the image a slot showed in the previous round', () => {
    const random = seededRandom(3);
    let previous = pickRound(STYLE_THEMES, 5, FALLBACK_EXAMPLE, random);
    for (let i = 0; i < 200; i++) {
      const next = pickRound(STYLE_THEMES, 5, FALLBACK_EXAMPLE, random, previous);
      for (const [slot, src] of next.entries()) expect(src).not.toBe(previous[slot]);
      previous = next;
    }
  });

  it('uses only as many styles as there are', () => {
    const themes = [
      { key: 'a', examples: ['/images/styles/a/1.webp'] },
      { key: 'b', examples: ['/images/styles/b/1.webp'] },
    ];
    expect(pickRound(themes, 5, FALLBACK_EXAMPLE, seededRandom(1)).sort()).toEqual(['/images/styles/a/1.webp', '/images/styles/b/1.webp']);
  });

  it('falls back to the generic example 6 when no style has an example', () => {
    expect(FALLBACK_EXAMPLE).toBe('/images/styles/generic/6.webp');
    expect(pickRound([], 5, FALLBACK_EXAMPLE)).toEqual([FALLBACK_EXAMPLE]);
    expect(pickRound([{ key: 'x', examples: [] }], 5, FALLBACK_EXAMPLE)).toEqual([FALLBACK_EXAMPLE]);
  });

  it('makes the same first round for the same seed', () => {
    expect(pickRound(STYLE_THEMES, 5, FALLBACK_EXAMPLE, seededRandom(2025))).toEqual(pickRound(STYLE_THEMES, 5, FALLBACK_EXAMPLE, seededRandom(2025)));
  });
});
