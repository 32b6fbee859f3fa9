import { getImage } from 'astro:assets';
import { getCollection, getEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import { FALLBACK_EXAMPLE, STYLE_THEMES } from '@/shared/catalog/style-themes';
import type { Language } from '@/shared/i18n';
import { HERO_SIZES, HERO_WIDTHS } from '@/shared/site';
import { useTranslations as translationsOf } from '@/i18n/site';

/**
 * The site's editable content (src/content/site, src/content/examples) as the pages use it. The
 * checks a schema cannot make, because they span files, are made here and fail the build with the
 * file to fix.
 */

type AltTexts = Partial<Record<Language, string>>;

const SETTINGS_FILE = 'src/content/site/settings.yaml';

/** Stops the build when an image is smaller than `min` or not its shape (within 2%), naming the file to fix. */
function checkSize(image: ImageMetadata, file: string, what: string, min: { width: number; height: number }): void {
  const ratio = min.width / min.height;
  if (image.width >= min.width && image.height >= min.height && Math.abs(image.width / image.height - ratio) <= ratio * 0.02) return;
  throw new Error(`${file}: ${what} must be at least ${min.width}x${min.height} with the same shape; this one is ${image.width}x${image.height}`);
}

export async function siteSettings() {
  const entry = await getEntry('site', 'settings');
  if (!entry) throw new Error(`${SETTINGS_FILE} is missing: the site needs its settings (docs/operations.md, "Editing the site")`);
  checkSize(entry.data.hero.image, SETTINGS_FILE, 'The hero image', { width: 1200, height: 900 });
  checkSize(entry.data.socialImage, SETTINGS_FILE, 'The social image', { width: 1200, height: 630 });
  return entry.data;
}

export interface Example {
  src: string;
  width: number;
  height: number;
  alt: string;
}

const picked = (alt: AltTexts | undefined, lang: Language, fallback: string): string => alt?.[lang] ?? fallback;

/** Every style's examples in the gallery's order, each with its alt text in `lang`. */
export async function styleExamples(lang: Language): Promise<Map<string, Example[]>> {
  const t = translationsOf(lang);
  const entries = new Map((await getCollection('examples')).map((entry) => [entry.id, entry.data.images]));
  const unknown = [...entries.keys()].filter((key) => !STYLE_THEMES.some((theme) => theme.key === key));
  if (unknown.length > 0) {
    throw new Error(
      `src/content/examples/${unknown[0]}.yaml names no style; the files are named by style key: ${STYLE_THEMES.map((theme) => theme.key).join(', ')}`,
    );
  }
  return new Map(
    STYLE_THEMES.map((theme) => {
      const images = entries.get(theme.key);
      const file = `src/content/examples/${theme.key}.yaml`;
      if (!images) throw new Error(`${file} is missing: the ${theme.key} style shows ${theme.exampleCount} examples`);
      if (images.length !== theme.exampleCount) {
        throw new Error(`${file} lists ${images.length} examples; the ${theme.key} style shows exactly ${theme.exampleCount}`);
      }
      const alt = t(`styles.${theme.key}.alt`);
      for (const image of images) checkSize(image.src, file, 'An example image', { width: 416, height: 608 });
      return [theme.key, images.map((image) => ({ ...imageSize(image.src), src: image.src.src, alt: picked(image.alt, lang, alt) }))];
    }),
  );
}

/** The example the rotator falls back on. */
export function fallbackExample(examples: Map<string, Example[]>): Example {
  const example = examples.get(FALLBACK_EXAMPLE.key)?.[FALLBACK_EXAMPLE.no - 1];
  if (!example) throw new Error(`src/content/examples/${FALLBACK_EXAMPLE.key}.yaml needs an example ${FALLBACK_EXAMPLE.no}: the rotator falls back on it`);
  return example;
}

const imageSize = (image: ImageMetadata) => ({ width: image.width, height: image.height });

/**
 * AVIF quality, chosen by comparing crops with a lossless render (the encoding is in
 * scripts/image-service.ts). The 640px copy goes to 1x desktops, which show about one image pixel per
 * screen pixel: below quality 60 eyebrows and collars soften there. The others go to 2x and 3x screens.
 */
const heroQuality = (width: number) => (width <= 640 ? 60 : 52);

export interface HeroImage {
  /** The AVIF copies, one per HERO_WIDTHS, for srcset and the preload. */
  srcset: string;
  sizes: string;
  /** The copy a 3x phone takes, which the demo video's poster reuses. */
  posterSrc: string;
  /** A WebP for browsers without AVIF, at the largest width. */
  fallback: { src: string; width: number; height: number };
  alt: string;
}

/**
 * The hero image in the sizes each screen needs, made from the content's image at build time (Astro
 * makes each copy once however many pages ask for it).
 */
export async function heroImage(lang: Language): Promise<HeroImage> {
  const { hero } = await siteSettings();
  const avif = await Promise.all(HERO_WIDTHS.map((width) => getImage({ src: hero.image, width, format: 'avif', quality: heroQuality(width) })));
  const largest = Math.max(...HERO_WIDTHS);
  const webp = await getImage({ src: hero.image, width: largest, format: 'webp', quality: 82 });
  return {
    srcset: avif.map((copy, i) => `${copy.src} ${HERO_WIDTHS[i]}w`).join(', '),
    sizes: HERO_SIZES,
    posterSrc: avif[HERO_WIDTHS.indexOf(1080)]?.src ?? webp.src,
    fallback: { src: webp.src, width: largest, height: Math.round((largest * hero.image.height) / hero.image.width) },
    alt: picked(hero.alt, lang, translationsOf(lang)('hero.imageAlt')),
  };
}
