import { createI18n, type Language } from '../shared/i18n';
import { RESOURCES } from '../shared/i18n-bundles';

/** The `t()` of a language, for Astro pages and components. */
export function useTranslations(language: Language) {
  return createI18n(language, RESOURCES).t;
}
