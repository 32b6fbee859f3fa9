import { expect, test } from '@playwright/test';

/** Switching languages, by the menu and by the stored language; each language's pages as built are tests/site/languages.test.ts's. */
test.describe('[site] languages', () => {
  test('[site] the language menu switches the page to French and then to Japanese', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByLabel('Language: English').click();
    await page.getByRole('banner').getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos de Portrait Studio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nos valeurs' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');

    await page.getByRole('banner').getByLabel('Langue: Français').click();
    await page.getByRole('banner').getByRole('link', { name: '日本語' }).click();
    await expect(page).toHaveURL(/\/jp\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'Portrait Studioについて' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('jp');
  });

  test('[site] a stored language takes the visitor to that language copy of the page', async ({ page }) => {
    await page.goto('/contact');
    await page.evaluate(() => localStorage.setItem('language', 'jp'));
    await page.goto('/about');
    await expect(page).toHaveURL(/\/jp\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Portrait Studioについて' })).toBeVisible();
  });

  test('[site] English stored, or the page already in the stored language, stays put', async ({ page }) => {
    await page.goto('/contact');
    await page.evaluate(() => localStorage.setItem('language', 'us'));
    await page.goto('/fr/about');
    await expect(page).toHaveURL(/\/fr\/about$/);
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.goto('/de/beta');
    await expect(page).toHaveURL(/\/de\/beta$/);
  });
});
