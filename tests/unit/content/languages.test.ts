import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_LANGUAGES, createI18n, DEFAULT_LANGUAGE, LANGUAGES } from '@/shared/i18n';
import { RESOURCES } from '@/shared/i18n-bundles';

/** A language is its registry line, its bundle and its policy texts: each without the others is a mistake. */
const ROOT = resolve(import.meta.dirname, '../../..');
const LOCALES = resolve(ROOT, 'locales');
const POLICIES = resolve(ROOT, 'src/content/policies');
const POLICY_PAGES = ['terms', 'privacy', 'refund', 'cookies'];

describe('[i18n] the language registry', () => {
  it.each(BUNDLED_LANGUAGES)('%s has its bundle in locales/', (code) => {
    const file = resolve(LOCALES, `${code}.json`);
    expect(existsSync(file), file).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8'))).length).toBeGreaterThan(0);
  });

  it.each(BUNDLED_LANGUAGES)('%s has its four policy texts', (code) => {
    const missing = POLICY_PAGES.filter((page) => !existsSync(resolve(POLICIES, code, `${page}.md`)));
    expect(missing).toEqual([]);
  });

  it('registers every bundle and every policy folder: an unregistered one is never loaded', () => {
    const bundles = readdirSync(LOCALES)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''));
    const policyFolders = readdirSync(POLICIES, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(bundles.sort()).toEqual([...BUNDLED_LANGUAGES].sort());
    expect(policyFolders.sort()).toEqual([...BUNDLED_LANGUAGES].sort());
  });

  it('offers the default language, each code and lang tag once', () => {
    const codes = LANGUAGES.map((l) => l.code);
    expect(codes).toContain(DEFAULT_LANGUAGE);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(LANGUAGES.map((l) => l.htmlLang)).size).toBe(codes.length);
  });

  it.each([
    ['us', '1 needs attention', '2 need attention'],
    ['de', '1 braucht Aufmerksamkeit', '2 brauchen Aufmerksamkeit'],
    ['jp', null, null],
    ['kr', null, null],
    ['cn', null, null],
  ] as const)('%s chooses plural forms by its own rules: a count of 1 is never answered from another bundle', (code, one, two) => {
    const { t } = createI18n(code, RESOURCES);
    const bundle = RESOURCES[code]!.translation as { wizard: { upload: { check: Record<string, string> } } };
    const check = bundle.wizard.upload.check;
    const expectOne = one ?? (check.attention_other ?? '').replace('{{count}}', '1');
    const expectTwo = two ?? (check.attention_other ?? '').replace('{{count}}', '2');
    expect(t('wizard.upload.check.attention', { count: 1 })).toBe(expectOne);
    expect(t('wizard.upload.check.attention', { count: 2 })).toBe(expectTwo);
  });
});
