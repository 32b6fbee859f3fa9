/**
 * The landing page's style gallery: a fixed list of themes and how many examples each shows (the
 * spec's table). Texts (title, description, alt, three features, button text) live in the locales
 * under `styles.{key}`; the example images are content (`src/content/examples/{key}.yaml`), which the
 * build checks against these counts.
 */
export interface StyleTheme {
  key: string;
  /** English title, as the product names it; the locales hold the translations. */
  title: string;
  exampleCount: number;
}

const theme = (key: string, title: string, exampleCount: number): StyleTheme => ({ key, title, exampleCount });

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

/** The example the rotator shows when it has nothing else: the generic theme's sixth (1-based). */
export const FALLBACK_EXAMPLE = { key: 'generic', no: 6 } as const;
