import { pickRound, type RotationTheme } from './rotation';

/** The gallery's signal (src/islands/style-gallery.ts), repeated here so that this script imports nothing shared. */
export const EXAMPLES_NEEDED = 'examples:needed';

/** Half of the ~0.5 s fade each way: out, swap, in. */
const FADE_MS = 250;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the image is in the cache (or failed: the swap then shows the broken-image state, as any img would). */
function preload(src: string): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = image.onerror = () => resolve();
    image.src = src;
  });
}

/**
 * The landing page's rotating examples: every `data-interval` ms (LIMITS.landingRotationMs, rendered
 * by Rotator.astro) a new round of one random example from each of up to five distinct random styles,
 * cross-faded. A Pause button stops it (moving content needs one, WCAG 2.2.2); it also waits while
 * the tab is hidden. The interval and the examples come from the markup (the style gallery's lists,
 * `[data-style-examples]`, which hold the content's images and alt texts) so that this script shares
 * no module with the dashboard and ships inline in the page instead of as two more requests.
 */
export function initRotator(root: Document = document): void {
  const list = root.querySelector<HTMLElement>('[data-rotator]');
  if (!list) return;
  const images = Array.from(list.querySelectorAll<HTMLImageElement>('img'));
  const alts = new Map<string, string>();
  /** The gallery's examples by style, as its lists hold them now (it loads all but the first on demand). */
  const readThemes = (): RotationTheme<string>[] =>
    Array.from(root.querySelectorAll<HTMLElement>('[data-style-examples]'), (gallery) => ({
      key: gallery.dataset.styleExamples ?? '',
      examples: Array.from(gallery.querySelectorAll('img'), (img) => {
        const src = img.getAttribute('src') ?? '';
        alts.set(src, img.alt);
        return src;
      }),
    }));
  const fallback = list.dataset.fallback ?? '';
  const toggle = root.querySelector<HTMLButtonElement>('[data-rotator-toggle]');
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let current = images.map((img) => img.getAttribute('src') ?? '');
  let paused = false;
  let busy = false;

  const rotate = async () => {
    if (paused || busy || document.hidden) return;
    busy = true;
    try {
      const themes = readThemes();
      if (themes.filter((theme) => theme.examples.length > 0).length < images.length) {
        // Not every style's examples are here yet: ask the gallery for them and keep this round.
        root.dispatchEvent(new Event(EXAMPLES_NEEDED));
        return;
      }
      const next = pickRound(themes, images.length, fallback, Math.random, current);
      // Only the slots on screen are worth fetching ahead (phones hide two of the five).
      await Promise.all(next.filter((_, slot) => images[slot]?.offsetParent !== null).map(preload));
      if (!reduceMotion) {
        for (const img of images) img.style.opacity = '0';
        await wait(FADE_MS);
      }
      for (const [slot, img] of images.entries()) {
        const src = next[slot] ?? fallback;
        img.src = src;
        img.alt = alts.get(src) ?? img.alt;
        img.style.opacity = '1';
      }
      current = next;
      list.dataset.round = String(Number(list.dataset.round ?? '0') + 1);
    } finally {
      busy = false;
    }
  };

  const interval = Number(list.dataset.interval);
  if (interval > 0) setInterval(() => void rotate(), interval);

  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener('click', () => {
      paused = !paused;
      const label = paused ? toggle.dataset.labelPlay : toggle.dataset.labelPause;
      const text = toggle.querySelector('[data-label]');
      if (label && text) text.textContent = label;
      toggle.dataset.paused = String(paused);
    });
  }
}
