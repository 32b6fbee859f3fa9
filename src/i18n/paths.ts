import { DEFAULT_LANGUAGE, LANGUAGES } from '../shared/i18n';

/** getStaticPaths for pages under `[lang]/`: every offered language but English, which lives at the root. */
export function languagePaths() {
  return LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE).map((l) => ({ params: { lang: l.code } }));
}
