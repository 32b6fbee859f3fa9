import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { placePaidOrder } from './fixtures/orders';

const freshEmail = (name: string) => `${name}.${Date.now()}@example.com`;
const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const tiles = (page: Page) => page.locator('li[data-photo]');
const ORDER_INFO = '**/v1/order/info';

test.describe('[gallery] a slow or failing server', () => {
  test('[gallery] shows loading and error states with Retry, never "No photos", at 1280 and 390 px', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, freshEmail('gallery-states'));
    const orderId = await placePaidOrder(page, { packageId: 'beta' });
    await expect
      .poll(async () => (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameOrigin })).json()).data.status, {
        timeout: 120_000,
      })
      .toBe('completed');

    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);

      // A slow answer (held until the page has been looked at): placeholders and "Loading...", no empty
      // gallery and no "(0)" meanwhile.
      let answer = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route(ORDER_INFO, async (route) => {
        await answered;
        await route.continue();
      });
      await page.goto(`/dashboard/photoSelector/${orderId}`);
      await expect(page.getByRole('status', { name: 'Loading your portraits' })).toBeVisible();
      await expect(heading(page)).toHaveText('Loading...');
      await expect(page.getByText('No photos available')).toHaveCount(0);
      await expect(page.getByRole('tab', { name: /All Photos/ })).toHaveCount(0);
      answer();
      await expect(heading(page)).toHaveText('Photo Selection', { timeout: 15_000 });
      await expect(tiles(page)).toHaveCount(20);
      await page.unroute(ORDER_INFO);

      // The server out of reach: what went wrong, a Retry, and the banner; still never "No photos".
      await page.route(ORDER_INFO, (route) => route.abort('connectionrefused'));
      await page.reload();
      const loadError = page.getByRole('alert').filter({ hasText: 'We could not load this order.' });
      await expect(loadError).toBeVisible();
      await expect(page.getByText("We can't reach the studio right now.", { exact: false })).toBeVisible();
      await expect(page.getByText('No photos available')).toHaveCount(0);
      await expect(page.getByRole('tab', { name: /All Photos/ })).toHaveCount(0);
      await page.unroute(ORDER_INFO);
      await loadError.getByRole('button', { name: 'Try again' }).click();
      await expect(tiles(page)).toHaveCount(20);
      await expect(loadError).toHaveCount(0);
      await expect(page.getByText("We can't reach the studio right now.", { exact: false })).toHaveCount(0);

      // A refresh that fails keeps the portraits on screen and says so.
      await page.route(ORDER_INFO, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
      await page
        .locator('main header')
        .getByRole('button', { name: /^Refresh/ })
        .click();
      await expect(page.getByRole('alert').filter({ hasText: 'We could not update this order; what you see may be out of date.' })).toBeVisible();
      await expect(tiles(page)).toHaveCount(20);
      await expect(page.getByRole('tab', { name: 'All Photos (20)' })).toBeVisible();
      await page.unroute(ORDER_INFO);
    }
  });
});
