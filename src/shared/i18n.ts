import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { copyFigures } from './copy-figures';
import { DEFAULT_LANGUAGE, isBundledLanguage, LANGUAGES } from './languages';

export * from './languages';

/**
 * One i18next instance for a language, initialised synchronously from already-loaded resources, so
 * Astro pages (at build) and React code (in the browser) call the same `t()`. i18next chooses plural
 * forms with the rules of its language tag, so it gets the BCP 47 one (`ja`, not our code `jp`, which
 * it would treat as English and answer "1 photo" from the English bundle). Every string may state a
 * price, count or limit as `{{betaPrice}}`, `{{photosMax}}`...: the figures of `copyFigures` are its
 * default variables, formatted for the language, so no caller passes them.
 */
export function createI18n(language: string, resources: Resource): I18n {
  const tag = (code: string) => LANGUAGES.find((l) => l.code === code)?.htmlLang ?? code;
  const instance = createInstance();
  void instance.init({
    lng: tag(language),
    fallbackLng: tag(DEFAULT_LANGUAGE),
    resources: Object.fromEntries(Object.entries(resources).map(([code, bundle]) => [tag(code), bundle])),
    initAsync: false,
    interpolation: { escapeValue: false, defaultVariables: copyFigures(isBundledLanguage(language) ? language : DEFAULT_LANGUAGE) },
    returnNull: false,
  });
  return instance;
}
