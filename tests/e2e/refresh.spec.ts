import { expect, test, type Page } from '@playwright/test';
import { packageOf, priceOf, usd } from '../support/prices';
import { signIn } from './fixtures/auth';
import { placePaidOrder } from './fixtures/orders';

const sameSite = { 'sec-fetch-site': 'same-origin' };

async function statusOf(page: Page, orderId: string) {
  return (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameSite })).json()).data?.status;
}

test('[refresh][refunds] a customer buys a refresh from My Orders with new outfits and sees it complete, then has it refunded, on phone and desktop', async ({
  page,
}) => {
  // Bounds on a hang, not speed checks: two orders of 20 portraits each, generated while the fault suite
  // runs beside this one on a 2-core machine, can take minutes.
  test.setTimeout(420_000);
  await signIn(page, `refresh.${Date.now()}@example.com`);
  const first = await placePaidOrder(page, { packageId: 'beta' });
  await expect.poll(() => statusOf(page, first), { timeout: 180_000 }).toBe('completed');
  const id = first.slice(0, 8).toUpperCase();

  // On a phone: the offer, and the choices it starts from (the order's own).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myOrders');
  await page.getByRole('button', { name: `20 new portraits · ${usd(priceOf('refresh'))}: a refresh of order ${id}` }).click();
  const choose = page.getByRole('dialog', { name: 'Get a refresh' });
  await expect(choose).toContainText(`20 new portraits of you for ${usd(priceOf('refresh'))}, made from this order: no new photos needed.`);
  await expect(choose.getByRole('group', { name: 'Outfits' }).getByRole('checkbox', { name: 'White coat', exact: true })).toBeChecked();
  await expect(choose.getByRole('group', { name: 'Backgrounds' }).getByRole('checkbox', { name: 'Clinic', exact: true })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(choose).toHaveCount(0);

  // On a desktop: other outfits, then the same checkout as a first order, with no coupon field.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: `20 new portraits · ${usd(priceOf('refresh'))}: a refresh of order ${id}` }).click();
  await choose.getByRole('group', { name: 'Outfits' }).getByRole('checkbox', { name: 'White coat', exact: true }).click();
  await expect(choose.getByRole('group', { name: 'Outfits' }).getByRole('checkbox', { name: 'Scrubs', exact: true })).toBeChecked();
  await choose.getByRole('button', { name: `Continue to payment (${usd(priceOf('refresh'))})` }).click();
  const checkout = page.getByRole('dialog', { name: 'Complete Your Payment' });
  await expect(checkout.getByText(`Refresh · ${packageOf('refresh').portraits} portraits`, { exact: true })).toBeVisible();
  await expect(checkout.getByLabel('Coupon code')).toHaveCount(0);
  await checkout.getByRole('button', { name: `Pay ${usd(priceOf('refresh'))}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  // Listed at once, paid, and saying which order it refreshes: no reload needed.
  const listed = page.getByRole('row').filter({ hasText: `Refresh of ${id}` });
  await expect(listed.getByText(/^(Processing|Completed)$/)).toBeVisible();
  await expect(listed.getByRole('button', { name: /Complete payment/ })).toHaveCount(0);

  // The refresh is its own order, and completes.
  const orders = async () =>
    (await (await page.request.post('/v1/order/list', { data: {}, headers: sameSite })).json()).data as { id: string; refreshOf: string | null }[];
  const refresh = (await orders()).find((o) => o.refreshOf === first)!;
  expect(refresh).toBeTruthy();
  await expect.poll(() => statusOf(page, refresh.id), { timeout: 180_000 }).toBe('completed');
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

  // Then the customer asks for their money back for the refresh: nothing was downloaded, it is day one.
  const refreshId = refresh.id.slice(0, 8).toUpperCase();
  // The receipt's row offers the refund too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/receipts');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: refreshId })
      .getByRole('button', { name: `Request refund for order ${refreshId}` }),
  ).toBeVisible();

  // On a phone: the button, and a dialog that says what happens; Cancel keeps the order.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myOrders');
  const refundButton = page.getByRole('button', { name: `Request refund for order ${refreshId}` });
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
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: `Refund ${usd(priceOf('refresh'))}` })
    .click();
  await expect(page.locator('[data-slot=toast] [data-slot=toast-description]')).toHaveText(
    'Your order was refunded. The money reaches you in 3-5 business days.',
  );
  const refundedRow = page.getByRole('row').filter({ hasText: refreshId });
  await expect(refundedRow.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(refundedRow.getByRole('button', { name: `Request refund for order ${refreshId}` })).toHaveCount(0);
  await expect(refundedRow.getByRole('link', { name: /View/ })).toHaveCount(0);

  // The receipt says so, in the table and on the phone's list.
  await page.goto('/dashboard/receipts');
  await expect(page.getByRole('row').filter({ hasText: refreshId })).toContainText(`Refunded ${usd(priceOf('refresh'))}`);
  await expect(page.getByRole('button', { name: /Request refund for order/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('listitem').filter({ hasText: refreshId }).getByText('Refunded', { exact: true })).toBeVisible();
  await page.goto('/dashboard/receipts');
  await expect(page.getByRole('listitem').filter({ hasText: refreshId })).toContainText(`Refunded ${usd(priceOf('refresh'))}`);
});
