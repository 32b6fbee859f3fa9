/**
 * The product's languages, without the translation machinery: what the public pages' small scripts
 * may import (i18next and the bundles live in `i18n.ts`, which re-exports all of this).
 */

interface RegisteredLanguage {
  /** The URL prefix (`/fr/about`), the bundle's name (`locales/fr.json`) and the policies' folder. */
  code: string;
  /** The name in the language itself, for the language menus. */
  name: string;
  /** The BCP 47 tag for lang and hreflang. */
  htmlLang: string;
  /** The Open Graph locale of its pages. */
  ogLocale: string;
  /** Translated and bundled, but not yet shown to visitors. */
  offered?: false;
}

/**
 * Every language of the product, in menu order. A language is its line here, its bundle
 * `locales/<code>.json` and its policies `src/content/policies/<code>/`; the site's pages, the
 * sitemap, the server's prefixes and the loaded bundles all follow from this list.
 */
const REGISTRY = [
  { code: 'us', name: 'English', htmlLang: 'en', ogLocale: 'en_US' },
  { code: 'fr', name: 'Français', htmlLang: 'fr', ogLocale: 'fr_FR' },
  { code: 'de', name: 'Deutsch', htmlLang: 'de', ogLocale: 'de_DE' },
  { code: 'jp', name: '日本語', htmlLang: 'ja', ogLocale: 'ja_JP' },
  { code: 'kr', name: '한국어', htmlLang: 'ko', ogLocale: 'ko_KR' },
  { code: 'cn', name: '中文', htmlLang: 'zh-CN', ogLocale: 'zh_CN' },
  { code: 'es', name: 'Español', htmlLang: 'es', ogLocale: 'es_ES', offered: false },
] as const satisfies readonly RegisteredLanguage[];

type Registered = (typeof REGISTRY)[number];
type Offered = Exclude<Registered, { offered: false }>;

/** The languages offered to visitors, in menu order. */
export const LANGUAGES: readonly Offered[] = REGISTRY.filter((l): l is Offered => !('offered' in l));

export type Language = Offered['code'];
export type BundledLanguage = Registered['code'];
/** Every language with a translation bundle, offered or not. */
export const BUNDLED_LANGUAGES: readonly BundledLanguage[] = REGISTRY.map((l) => l.code);
export const DEFAULT_LANGUAGE: Language = 'us';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isOfferedLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

export function isBundledLanguage(value: unknown): value is BundledLanguage {
  return REGISTRY.some((l) => l.code === value);
}

/** An offered language's line of the registry: its name, its tag and its Open Graph locale. */
export function languageInfo(language: Language): Offered {
  const found = LANGUAGES.find((l) => l.code === language);
  if (!found) throw new Error(`${language} is not an offered language`);
  return found;
}

/** A language's name in itself (`日本語`), offered or only bundled. */
export function languageName(language: BundledLanguage): string {
  return REGISTRY.find((l) => l.code === language)?.name ?? language;
}

/** The BCP 47 tag of a language, offered or only bundled. */
export function htmlLang(language: BundledLanguage): string {
  return REGISTRY.find((l) => l.code === language)?.htmlLang ?? 'en';
}

/** The path of `path` (an English, root-level path) in `language`: `/about` -> `/fr/about`. */
export function localizePath(path: string, language: Language): string {
  const clean = stripLanguage(path);
  if (language === DEFAULT_LANGUAGE) return clean;
  return clean === '/' ? `/${language}` : `/${language}${clean}`;
}

/** The English path behind a localized one: `/fr/about` -> `/about`. */
export function stripLanguage(path: string): string {
  const [, first, ...rest] = path.split('/');
  if (first && isOfferedLanguage(first) && first !== DEFAULT_LANGUAGE) return `/${rest.join('/')}`;
  return path || '/';
}

/** The language a path is in, from its prefix. */
export function languageOfPath(path: string): Language {
  const first = path.split('/')[1];
  return isOfferedLanguage(first) ? first : DEFAULT_LANGUAGE;
}
