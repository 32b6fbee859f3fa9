import { DEFAULT_LANGUAGE, LANGUAGES, type Language, localizePath } from '../shared/i18n';

/** getStaticPaths for pages under `[lang]/`: every offered language but English, which lives at the root. */
export function languagePaths() {
  return LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE).map((l) => ({ params: { lang: l.code } }));
}

/**
 * Where a Get Started / Dashboard link sends a visitor: the login page in the page's language, with
 * `?source={where}`. The page's script repoints it at the dashboard for a signed-in visitor
 * (`src/islands/auth-links.ts`).
 */
export function loginHref(where: string, language: Language): string {
  return `${localizePath('/login', language)}?source=${encodeURIComponent(where)}`;
}
