import { expect, test } from '@playwright/test';
import { priceLabel } from '../support/prices';

test.use({ javaScriptEnabled: false });

test.describe('[site] without JavaScript', () => {
  test('[site] the landing page shows its hero, styles, pricing and FAQ without JavaScript', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Professional portraits without the photo shoot' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login?source=hero');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'General Professional' })).toBeVisible();
    await expect(page.locator('#pricing').getByText(priceLabel('pro'))).toBeVisible();
    await expect(page.locator('#pricing').getByRole('link', { name: 'Join Beta for Free' })).toBeVisible();
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

  test('[site] the beta, about and contact pages show their content without JavaScript', async ({ page }) => {
    await page.goto('/beta');
    await expect(page.getByRole('heading', { level: 1, name: 'Become one of our 30 beta testers' })).toBeVisible();
    await expect(page.getByText('Start a new order from your dashboard.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/dashboard/newOrder?type=beta');
    await expect(page.getByText('Beta spots are limited.')).toBeVisible();

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Portrait Studio' })).toBeVisible();
    await expect(page.getByText('1M+')).toBeVisible();

    await page.goto('/contact');
    await expect(page.getByText("We'll get back to you within 24 hours")).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@portrait-studio.example' })).toBeVisible();
  });

  test('[site] the login page says that signing in needs JavaScript', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('alert')).toHaveText('Signing in needs JavaScript. Please turn it on in your browser and reload this page.');
    await page.goto('/jp/login');
    await expect(page.getByRole('alert')).toHaveText(
      'ログインにはJavaScriptが必要です。ブラウザでJavaScriptを有効にしてから、このページを再読み込みしてください。',
    );
  });

  test('[site] the French pages work without JavaScript too', async ({ page }) => {
    await page.goto('/fr/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  });
});
