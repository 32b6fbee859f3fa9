import { RESOURCES } from '../shared/i18n-bundles.js';
import { createI18n, DEFAULT_LANGUAGE, isOfferedLanguage, type Language } from '../shared/i18n.js';

const instances = new Map<string, ReturnType<typeof createI18n>>();

/** The server's `t()` for mail, in the customer's language (English when unknown). */
export function serverT(language: string | undefined) {
  const lang: Language = isOfferedLanguage(language) ? language : DEFAULT_LANGUAGE;
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, RESOURCES);
    instances.set(lang, instance);
  }
  return { t: instance.t, language: lang };
}
