import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/auth';

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
