import type { Resource } from 'i18next';
import us from '../../locales/us.json';
import fr from '../../locales/fr.json';
import de from '../../locales/de.json';
import jp from '../../locales/jp.json';
import kr from '../../locales/kr.json';
import cn from '../../locales/cn.json';
import es from '../../locales/es.json';
import { createI18n, type Language } from '../shared/i18n';

/** Every bundled translation, for build-time rendering of the public site. */
export const bundles = { us, fr, de, jp, kr, cn, es } as const;

const resources: Resource = Object.fromEntries(
  Object.entries(bundles).map(([code, bundle]) => [code, { translation: bundle }]),
);

/** The `t()` of a language, for Astro pages and components. */
export function useTranslations(language: Language) {
  return createI18n(language, resources).t;
}
