import type { Resource } from 'i18next';
import { BUNDLED_LANGUAGES, type BundledLanguage } from './i18n';

/** One language's translations, `locales/<code>.json`: keys grouped by screen. */
export type Bundle = Record<string, unknown>;

// A dynamic import with the code in its path: Vite (site build, tests) bundles every file the pattern
// matches and tsx (the server) loads the one asked for, so the registry alone names the files. No
// `with { type: 'json' }`: Vite cannot analyse an import that carries one, and tsx does not need it.
// A missing bundle fails the build and the server's start.
async function loadBundle(code: BundledLanguage): Promise<readonly [BundledLanguage, Bundle]> {
  const module: { default: Bundle } = await import(`../../locales/${code}.json`);
  return [code, module.default];
}

/** Every registered language's bundle, for the pre-rendered site, the bundles it serves and the server's mails and receipts. */
export const BUNDLES = Object.fromEntries(await Promise.all(BUNDLED_LANGUAGES.map(loadBundle))) as Record<BundledLanguage, Bundle>;

/** The bundles as i18next resources, for `createI18n`. */
export const RESOURCES: Resource = Object.fromEntries(Object.entries(BUNDLES).map(([code, bundle]) => [code, { translation: bundle }]));
