/**
 * The landing page's style gallery: a fixed list of themes with their example images.
 * Texts (title, description, alt, three features, button text) live in the locales under
 * `styles.{key}`. Example images are files under public/, so an operator can swap in real sample
 * portraits by replacing them.
 */
export interface StyleTheme {
  key: string;
  /** English title, as the product names it; the locales hold the translations. */
  title: string;
  examples: string[];
}

const theme = (key: string, title: string, count: number): StyleTheme => ({
  key,
  title,
  examples: Array.from({ length: count }, (_, i) => `/images/styles/${key}/${i + 1}.webp`),
});

export const STYLE_THEMES: readonly StyleTheme[] = [
  theme('generic', 'General Professional', 20),
  theme('doctor', 'Healthcare', 15),
  theme('realtor', 'Real Estate', 20),
  theme('lawyer', 'Legal', 15),
  theme('dating', 'Dating', 19),
  theme('christmas', 'Christmas', 16),
  theme('halloween', 'Halloween', 18),
  theme('oldmoney', 'Old Money', 20),
  theme('glamour', 'Glamour', 15),
  theme('fantasy', 'Fantasy', 20),
  theme('wedding', 'Wedding', 20),
  theme('public_servant', 'Public Servant', 20),
  theme('professor', 'Professor', 20),
  theme('personal_trainer', 'Personal Trainer', 20),
  theme('adventurer', 'Adventurer', 20),
  theme('easter', 'Easter', 20),
  theme('travel_agent', 'Travel Agent', 20),
];

/** Shown when the rotator has nothing else: the generic theme's example 6. */
export const FALLBACK_EXAMPLE = '/images/styles/generic/6.webp';

/** Natural size of every example image (portrait 2:3-ish, like the product's 832x1216 output). */
export const EXAMPLE_IMAGE_SIZE = { width: 416, height: 608 } as const;
