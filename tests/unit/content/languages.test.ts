import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_LANGUAGES, DEFAULT_LANGUAGE, LANGUAGES } from '@/shared/i18n';

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
});
