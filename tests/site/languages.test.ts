import { describe, expect, it } from 'vitest';
import { byRole, expectShown, page } from './helpers';

/**
 * Each language's pages as built: their words, tags and links. Switching languages (the menu, the
 * stored language's redirect) and the check that no English is left over on a page a script has filled
 * in are tests/e2e/site-i18n.spec.ts's and tests/e2e/site-languages.spec.ts's.
 */
describe('[site] languages', () => {
  it('[site] the French copy of a page is in French', () => {
    expect(page('/fr').documentElement.getAttribute('lang')).toBe('fr');
    expectShown(byRole(page('/fr'), 'link', { name: 'Commencer' }));
  });
});
