import type { Random } from '@/shared/random';

export { seededRandom, type Random } from '@/shared/random';

/** The landing page's rotating examples (spec section 4): each round, one random example from each of up to N distinct random styles. */
export interface RotationTheme<T> {
  key: string;
  examples: readonly T[];
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/**
 * One round of images: up to `count` distinct random styles, one random example from each. A slot
 * avoids repeating the image it showed in `previous` when its style has another one, so every round
 * visibly changes. Falls back to `[fallback]` when no style has an example.
 */
export function pickRound<T>(themes: readonly RotationTheme<T>[], count: number, fallback: T, random: Random = Math.random, previous: readonly T[] = []): T[] {
  const usable = themes.filter((t) => t.examples.length > 0);
  if (usable.length === 0 || count <= 0) return [fallback];
  return shuffled(usable, random)
    .slice(0, count)
    .map((theme, slot) => {
      const choices = theme.examples.length > 1 ? theme.examples.filter((e) => e !== previous[slot]) : theme.examples;
      return choices[Math.floor(random() * choices.length)] ?? fallback;
    });
}
