import type { Resource } from 'i18next';
import us from '../../locales/us.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import jp from '../../locales/jp.json' with { type: 'json' };
import kr from '../../locales/kr.json' with { type: 'json' };
import cn from '../../locales/cn.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { createI18n, DEFAULT_LANGUAGE, isOfferedLanguage, type Language } from '../shared/i18n.js';

const resources: Resource = Object.fromEntries(
  Object.entries({ us, fr, de, jp, kr, cn, es }).map(([code, bundle]) => [code, { translation: bundle }]),
);
const instances = new Map<string, ReturnType<typeof createI18n>>();

/** The server's `t()` for mail, in the customer's language (English when unknown). */
export function serverT(language: string | undefined) {
  const lang: Language = isOfferedLanguage(language) ? language : DEFAULT_LANGUAGE;
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, resources);
    instances.set(lang, instance);
  }
  return { t: instance.t, language: lang };
}
