import { describe, expect, it } from 'vitest';
import { byRole, expectShown, page } from './helpers';

/** The landing page as built: what its HTML says. Its scripts (the tabs, the rotator, the promo banner, sign-in links) and its layout are tests/e2e/site.spec.ts's. */
const landing = () => page('/');

describe('[site] landing page', () => {
  it('[site] the landing page has its header, hero and footer', () => {
    expectShown(byRole(byRole(landing(), 'banner'), 'link', { name: 'Dashboard' }));
    expectShown(byRole(landing(), 'heading', { level: 1 }));
    expectShown(byRole(landing(), 'link', { name: 'Get Started' }));
    expect(byRole(byRole(landing(), 'contentinfo'), 'link', { name: /Terms/ }).getAttribute('target')).toBe('_blank');
  });
});
