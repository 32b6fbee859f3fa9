import { describe, expect, it } from 'vitest';
import { BUNDLES } from '@/shared/i18n-bundles';

/** The public site's groups; every string in them must exist in every bundle. */
const SITE_GROUPS = [
  'meta',
  'nav',
  'hero',
  'footer',
  'policy',
  'promo',
  'rotator',
  'featured',
  'howItWorks',
  'gallery',
  'styles',
  'comparison',
  'benefits',
  'useCases',
  'pricing',
  'packages',
  'testimonials',
  'demo',
  'privacy',
  'faq',
  'cta',
  'beta',
  'about',
  'contact',
];
/** Plural forms differ by language (`_one`/`_other` in English, `_other` only in Japanese...). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else if (typeof value === 'string') out.set(prefix, value);
  return out;
}
const siteLeaves = (bundle: Record<string, unknown>) => {
  const all = new Map<string, string>();
  for (const group of SITE_GROUPS) for (const [k, v] of leaves(bundle[group], group)) all.set(k.replace(PLURAL, ''), v);
  return all;
};

const english = siteLeaves(BUNDLES.us);
const others = Object.entries(BUNDLES).filter(([code]) => code !== 'us');

describe('[site] translations of the public site', () => {
  it.each(others)('%s has every public-site string', (_code, bundle) => {
    const keys = siteLeaves(bundle as Record<string, unknown>);
    const missing = [...english.keys()].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it.each(others)('%s is translated, not an English copy', (_code, bundle) => {
    const keys = siteLeaves(bundle as Record<string, unknown>);
    const same = [...english].filter(([key, value]) => keys.get(key) === value && /[a-z]{4,}/i.test(value));
    // Brand and product names (Portrait Studio, LinkedIn, Discord, Old Money, Halloween...) stay as they are.
    expect(same.length / english.size).toBeLessThan(0.06);
  });

  it.each(Object.entries(BUNDLES))('%s keeps the placeholders of the English strings', (_code, bundle) => {
    const keys = siteLeaves(bundle as Record<string, unknown>);
    for (const [key, value] of english) {
      const wanted = (value.match(/\{\{\w+\}\}/g) ?? []).filter((p) => p !== '{{count}}').sort();
      const got = ((keys.get(key) ?? '').match(/\{\{\w+\}\}/g) ?? []).filter((p) => p !== '{{count}}').sort();
      expect([key, got]).toEqual([key, wanted]);
    }
  });
});
