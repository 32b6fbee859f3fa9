import { describe, expect, it, vi } from 'vitest';
import { languageRedirectScript } from '@/islands/language-redirect';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY } from '@/shared/i18n';

const script = languageRedirectScript({
  offered: LANGUAGES.map((l) => l.code),
  defaultLanguage: DEFAULT_LANGUAGE,
  storageKey: LANGUAGE_STORAGE_KEY,
  redirect: true,
});

/** Runs the exact inline script against a fake page; returns where it sent the browser, if anywhere. */
function run(pathname: string, stored: string | null, extra: { search?: string; hash?: string } = {}, source = script) {
  const replace = vi.fn();
  const classes = new Set<string>();
  const location = { pathname, search: extra.search ?? '', hash: extra.hash ?? '', replace };
  const localStorage = { getItem: (key: string) => (key === 'language' ? stored : null) };
  const document = { documentElement: { classList: { add: (c: string) => classes.add(c) } } };
  new Function('location', 'localStorage', 'document', source)(location, localStorage, document);
  return { target: replace.mock.calls[0]?.[0] as string | undefined, classes };
}

describe('[site] stored-language redirect', () => {
  it.each([
    ['/about', 'jp', '/jp/about'],
    ['/', 'fr', '/fr'],
    ['/fr', 'de', '/de'],
    ['/fr/beta', 'kr', '/kr/beta'],
    ['/contact/', 'cn', '/cn/contact/'],
  ])('on %s with %s stored, goes to %s', (path, stored, target) => {
    expect(run(path, stored).target).toBe(target);
  });

  it.each([
    ['/about', null, 'nothing stored'],
    ['/about', 'us', 'English stored'],
    ['/fr/about', 'us', 'English stored on a French page'],
    ['/jp/about', 'jp', 'already in the stored language'],
    ['/about', 'es', 'Spanish is bundled but not offered'],
    ['/about', 'xx', 'an unknown value'],
  ])('stays on %s with %s (%s)', (path, stored, _why) => {
    expect(run(path, stored).target).toBeUndefined();
  });

  it('keeps the query and the hash', () => {
    expect(run('/', 'de', { search: '?a=1', hash: '#pricing' }).target).toBe('/de?a=1#pricing');
  });

  it('never loops: the page it sends to does not redirect again', () => {
    for (const { code } of LANGUAGES) {
      const first = run('/about', code).target;
      if (first) expect(run(first, code).target).toBeUndefined();
    }
  });

  it('survives storage that throws', () => {
    const replace = vi.fn();
    const localStorage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    const document = { documentElement: { classList: { add: () => undefined } } };
    expect(() =>
      new Function('location', 'localStorage', 'document', script)({ pathname: '/', search: '', hash: '', replace }, localStorage, document),
    ).not.toThrow();
    expect(replace).not.toHaveBeenCalled();
  });

  it('marks the document as scripted, and only does that when redirects are off', () => {
    expect(run('/about', 'jp').classes.has('js')).toBe(true);
    const markOnly = languageRedirectScript({ offered: ['us', 'jp'], defaultLanguage: 'us', storageKey: 'language', redirect: false });
    const result = run('/about', 'jp', {}, markOnly);
    expect(result.classes.has('js')).toBe(true);
    expect(result.target).toBeUndefined();
  });
});
