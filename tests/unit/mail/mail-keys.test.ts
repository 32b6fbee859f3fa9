import { describe, expect, it } from 'vitest';
import { BUNDLED_LANGUAGES } from '@/shared/i18n';
import { BUNDLES, type Bundle } from '@/shared/i18n-bundles';

/** A plural family (`next_one`, `next_other`) is one key: each language has its own forms. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text under `prefix` with its key, a plural form under its family's key. */
function texts(node: unknown, prefix: string): [string, unknown][] {
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, value]) => texts(value, `${prefix}.${key}`));
  return [[prefix.replace(PLURAL, ''), node]];
}

const mailTexts = (bundle: Bundle) => texts(bundle.email, 'email');
const english = [...new Set(mailTexts(BUNDLES.us).map(([key]) => key))];

describe('[mail] every mail template speaks every registered language', () => {
  it('has mail templates to check', () => {
    expect(english).toContain('email.loginLink.subject');
    expect(english).toContain('email.deleted.subject');
  });

  it.each(BUNDLED_LANGUAGES)('locales/%s.json has every key of the mails, each a non-empty text', (code) => {
    const own = mailTexts(BUNDLES[code]);
    const keys = new Set(own.map(([key]) => key));
    expect(english.filter((key) => !keys.has(key))).toEqual([]);
    expect(own.filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key)).toEqual([]);
  });
});
