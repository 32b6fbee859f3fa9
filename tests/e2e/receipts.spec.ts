import { expect, test } from '@playwright/test';
import { afterFirstOrder, priceOf, usd } from '../support/prices';
import { signIn } from './fixtures/auth';
import { placePaidOrder } from './fixtures/orders';

test('[receipts] shows a payment made through the API, and View opens the printable receipt in a new tab', async ({ page, context }) => {
  await signIn(page, `receipt.${Date.now()}@example.com`);
  const orderId = await placePaidOrder(page, { packageId: 'pro', couponCode: 'FIRST30' });

  await page.goto('/dashboard/receipts');
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  await expect(page.getByText('Only last 100 items are retrieved')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: orderId.slice(0, 8).toUpperCase() });
  const paid = usd(afterFirstOrder(priceOf('pro')));
  await expect(row).toContainText(paid);
  await expect(row).toContainText('USD');

  const [receipt] = await Promise.all([context.waitForEvent('page'), row.getByRole('link', { name: 'View' }).click()]);
  await receipt.waitForLoadState();
  await expect(receipt.getByText(paid).first()).toBeVisible();
  await expect(receipt.getByText(/FIRST30/).first()).toBeVisible();
  await expect(receipt.getByText(/4242/).first()).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
});
