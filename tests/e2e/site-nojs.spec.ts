import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

/** What the stylesheet and the browser do without JavaScript; the pages' content as built is tests/site/no-js.test.ts's. */
test.describe('[site] without JavaScript', () => {
  test('[site] the landing page opens its FAQ and keeps the offer banner hidden without JavaScript', async ({ page }) => {
    await page.goto('/');
    await page.getByText('How long does it take to get my portraits?').click();
    await expect(page.getByText('Delivery usually takes 1 to 2 hours and at most 72 hours.')).toBeVisible();
    // The offer depends on a call, so the banner stays out of the way rather than loading forever.
    await expect(page.getByRole('complementary', { name: 'Current offer' })).toBeHidden();
  });

  test('[site] the phone menu opens without JavaScript', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('banner').getByLabel('Menu', { exact: true }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'How It Works' })).toBeVisible();
  });

  test('[site] the beta page says spots are limited without JavaScript', async ({ page }) => {
    // The note is shown by the stylesheet while no script runs, and hidden by it once one does.
    await page.goto('/beta');
    await expect(page.getByText('Beta spots are limited.')).toBeVisible();
  });
});
