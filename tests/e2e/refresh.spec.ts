import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { placePaidOrder } from './fixtures/orders';

const sameSite = { 'sec-fetch-site': 'same-origin' };

async function statusOf(page: Page, orderId: string) {
  return (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameSite })).json()).data?.status;
}

test('[refresh] a customer buys a refresh from My Orders, with new outfits, and sees it complete, on phone and desktop', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, `refresh.${Date.now()}@example.com`);
  const first = await placePaidOrder(page, { packageId: 'beta' });
  await expect.poll(() => statusOf(page, first), { timeout: 90_000 }).toBe('completed');
  const id = first.slice(0, 8).toUpperCase();

  // On a phone: the offer, and the choices it starts from (the order's own).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myOrders');
  await page.getByRole('button', { name: `Get a refresh of order ${id}` }).click();
  const choose = page.getByRole('dialog', { name: 'Get a refresh' });
  await expect(choose).toContainText('20 new portraits of you for $19.99, made from this order: no new photos needed.');
  await expect(choose.getByRole('group', { name: 'Outfits' }).getByRole('checkbox', { name: 'White coat', exact: true })).toBeChecked();
  await expect(choose.getByRole('group', { name: 'Backgrounds' }).getByRole('checkbox', { name: 'Clinic', exact: true })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(choose).toHaveCount(0);

  // On a desktop: other outfits, then the same checkout as a first order, with no coupon field.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: `Get a refresh of order ${id}` }).click();
  await choose.getByRole('group', { name: 'Outfits' }).getByRole('checkbox', { name: 'White coat', exact: true }).click();
  await expect(choose.getByRole('group', { name: 'Outfits' }).getByRole('checkbox', { name: 'Scrubs', exact: true })).toBeChecked();
  await choose.getByRole('button', { name: 'Continue to payment ($19.99)' }).click();
  const checkout = page.getByRole('dialog', { name: 'Complete Your Payment' });
  await expect(checkout.getByText('Refresh', { exact: true })).toBeVisible();
  await expect(checkout.getByLabel('Coupon code')).toHaveCount(0);
  await checkout.getByRole('button', { name: 'Pay $19.99' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);

  // The refresh is its own order, and completes.
  const orders = async () =>
    (await (await page.request.post('/v1/order/list', { data: {}, headers: sameSite })).json()).data as { id: string; refreshOf: string | null }[];
  const refresh = (await orders()).find((o) => o.refreshOf === first)!;
  expect(refresh).toBeTruthy();
  await expect.poll(() => statusOf(page, refresh.id), { timeout: 90_000 }).toBe('completed');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: refresh.id.slice(0, 8).toUpperCase() });
  await expect(row.getByText('Completed')).toBeVisible();
  await expect(row.getByText('Refresh', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: refresh.id.slice(0, 8).toUpperCase() })
      .getByText('Completed'),
  ).toBeVisible();
});
