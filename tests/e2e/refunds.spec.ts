import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { placePaidOrder } from './fixtures/orders';

const sameSite = { 'sec-fetch-site': 'same-origin' };

/** Waits until the offline generator has delivered the order. */
async function delivered(page: Page, orderId: string) {
  await expect
    .poll(async () => (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameSite })).json()).data?.status, { timeout: 90_000 })
    .toBe('completed');
}

test('[refunds] a customer requests a refund from My Orders and sees the order refunded, on phone and desktop', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, `refund.${Date.now()}@example.com`);
  const orderId = await placePaidOrder(page, { packageId: 'basic' });
  await delivered(page, orderId);
  const id = orderId.slice(0, 8).toUpperCase();

  // The receipt's row offers the refund too.
  await page.goto('/dashboard/receipts');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: id })
      .getByRole('button', { name: `Request a refund for order ${id}` }),
  ).toBeVisible();

  // On a phone: the button, and a dialog that says what happens; Cancel keeps the order.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myOrders');
  const refundButton = page.getByRole('button', { name: `Request a refund for order ${id}` });
  await expect(refundButton).toBeVisible();
  await refundButton.click();
  const dialog = page.getByRole('alertdialog', { name: 'Request a refund?' });
  await expect(dialog).toContainText('Our 7-day money-back guarantee refunds the full amount of an order when none of its portraits was downloaded.');
  await expect(dialog).toContainText('the money reaches your card or bank account in 3-5 business days');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(refundButton).toBeVisible();

  // On a desktop: confirm, and the order is refunded, with no actions left.
  await page.setViewportSize({ width: 1280, height: 900 });
  await refundButton.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund my order' }).click();
  await expect(page.locator('[data-slot=toast] [data-slot=toast-description]')).toHaveText(
    'Your order was refunded. The money reaches you in 3-5 business days.',
  );
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Request a refund for order ${id}` })).toHaveCount(0);
  await expect(row.getByRole('link', { name: /View/ })).toHaveCount(0);

  // The receipt says so, in the table and on the phone's list.
  await page.goto('/dashboard/receipts');
  await expect(page.getByRole('row').filter({ hasText: id })).toContainText('Refunded $35.00');
  await expect(page.getByRole('button', { name: /Request a refund/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('listitem').filter({ hasText: id }).getByText('Refunded', { exact: true })).toBeVisible();
  await page.goto('/dashboard/receipts');
  await expect(page.getByRole('listitem').filter({ hasText: id })).toContainText('Refunded $35.00');
});
