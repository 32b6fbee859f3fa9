import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Every public page of the marketing site, in English and French. */
const PAGES = ['/', '/beta', '/about', '/contact', '/nope', '/fr', '/fr/beta', '/fr/about', '/fr/contact', '/fr/nope'];

test.describe('[a11y] public site', () => {
  for (const path of PAGES) {
    test(`[a11y] ${path} has no serious or critical accessibility violation`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
      expect(blocking).toEqual([]);
    });
  }

  test('[a11y] the open phone menu and a selected style have no serious or critical violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('banner').getByLabel('Menu', { exact: true }).click();
    await page.locator('#examples').getByRole('tab', { name: 'Fantasy' }).click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
