import { RESOURCES } from '../shared/i18n-bundles.js';
import { createI18n, DEFAULT_LANGUAGE, isBundledLanguage, type BundledLanguage } from '../shared/i18n.js';

const instances = new Map<string, ReturnType<typeof createI18n>>();

/** A stored or asked-for language as a registered one: English when absent or unknown. */
export function bundledLanguage(language: string | null | undefined): BundledLanguage {
  return isBundledLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The server's `t()` for mails and receipts, in the customer's language (English when unknown). */
export function serverT(language: string | null | undefined) {
  const lang = bundledLanguage(language);
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, RESOURCES);
    instances.set(lang, instance);
  }
  return { t: instance.t, language: lang };
}
