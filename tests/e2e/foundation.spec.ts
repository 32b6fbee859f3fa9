import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/auth';

test('[site] the landing page has its header, hero and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /Terms/ })).toHaveAttribute('target', '_blank');
});

test('[site] an unknown path shows the 404 page with status 404 and a way home', async ({ page }) => {
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/404 - Page not found/);
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('[site] the French copy of a page is in French', async ({ page }) => {
  await page.goto('/fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('link', { name: 'Commencer' })).toBeVisible();
});

test('[api] the health check reports the database and the queue up', async ({ request }) => {
  const response = await request.get('/v1/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.code).toBe(0);
  expect(body.data.database.status).toBe('up');
  expect(body.data.queue.status).toBe('up');
});

test('[dashboard] /dashboard serves the dashboard app, and an unknown dashboard path its 404', async ({ page }) => {
  await signIn(page, 'foundation@example.com');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto('/dashboard/no-such-page');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
});
