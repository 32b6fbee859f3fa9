import { createInstance, type i18n as I18n, type Resource } from 'i18next';

/** The languages offered to visitors, in menu order. `htmlLang` is the BCP 47 tag for lang/hreflang. */
export const LANGUAGES = [
  { code: 'us', name: 'English', htmlLang: 'en' },
  { code: 'fr', name: 'Français', htmlLang: 'fr' },
  { code: 'de', name: 'Deutsch', htmlLang: 'de' },
  { code: 'jp', name: '日本語', htmlLang: 'ja' },
  { code: 'kr', name: '한국어', htmlLang: 'ko' },
  { code: 'cn', name: '中文', htmlLang: 'zh-CN' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
/** Bundled translation files: the offered six, plus Spanish, which is bundled but not offered. */
export const BUNDLED_LANGUAGES = ['us', 'fr', 'de', 'jp', 'kr', 'cn', 'es'] as const;
export const DEFAULT_LANGUAGE: Language = 'us';
export const LANGUAGE_STORAGE_KEY = 'language';

export function isOfferedLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

export function htmlLang(language: Language): string {
  return LANGUAGES.find((l) => l.code === language)!.htmlLang;
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

/**
 * One i18next instance for a language, initialised synchronously from already-loaded resources, so
 * Astro pages (at build) and React code (in the browser) call the same `t()`.
 */
export function createI18n(language: string, resources: Resource): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
