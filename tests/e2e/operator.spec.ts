import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { validAnswers } from '../support/answers';
import { priceOf, usd } from '../support/prices';
import { mailsTo, signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';

const sameSite = { 'sec-fetch-site': 'same-origin' };
const OPERATOR = 'operator@example.com';

async function statusOf(page: Page, orderId: string) {
  return (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameSite })).json()).data?.status;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/operator-${name}.png`, fullPage: true });

test('[operator] a customer who types the console address gets the 404 page, and sees no Operations menu', async ({ page }) => {
  await signIn(page, `curious.${Date.now()}@example.com`);
  await page.goto('/dashboard/operator');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  await page.goto('/dashboard/operator/orders');
  await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
});

/**
 * Places and pays an order whose generation cannot store its first portrait (a folder sits where the
 * file goes, as a broken disk would refuse it): the order fails at the job's next try. Returns the
 * order id and the folder, which the test removes to "fix the disk".
 */
async function blockedOrder(page: Page, packageId: string) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    options: JSON.stringify({ portraitInfo: validAnswers({ package: packageId }) }),
  };
  for (const [i, file] of (await selfieFiles()).entries()) multipart[`file${i + 1}`] = file;
  const created = await page.request.post('/v1/stripe/checkout/create', { multipart, headers: sameSite });
  expect(created.ok()).toBe(true);
  const { orderId, clientSecret } = (await created.json()).data;
  // A folder where the first image would be written, as a portrait and as the likeness check's
  // candidate, so the very first store fails.
  const folder = path.join(process.env.E2E_DATA_DIR!, 'files', 'orders', orderId);
  const blocked = [path.join(folder, 'portraits', '1.jpg'), path.join(folder, 'candidates', '1.jpg')];
  for (const file of blocked) await mkdir(path.join(file, 'in-the-way'), { recursive: true });
  expect((await page.request.post('/v1/checkout/offline/pay', { data: { clientSecret }, headers: sameSite })).ok()).toBe(true);
  return { orderId: orderId as string, id: (orderId as string).slice(0, 8).toUpperCase(), blocked };
}

test('[operator] an operator finds failed orders by email, retries one and sees it complete, refunds part of the other and sees it in the audit log, then changes the beta seats', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const customerEmail = `failed.${Date.now()}@example.com`;
  const customer = await browser.newPage();
  await signIn(customer, customerEmail);
  // Two orders whose generation fails: a free beta one to retry, a paid Basic one to refund.
  const beta = await blockedOrder(customer, 'beta');
  const basic = await blockedOrder(customer, 'basic');
  await expect.poll(() => statusOf(customer, beta.orderId), { timeout: 120_000 }).toBe('failed');
  await expect.poll(() => statusOf(customer, basic.orderId), { timeout: 120_000 }).toBe('failed');

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(page, OPERATOR);
  await page.goto('/dashboard/operator');
  await expect(page.getByRole('heading', { name: 'Operations overview' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Key figures' });
  await expect(figures).toContainText('Failure rate');
  await expect(page.getByRole('img', { name: /orders? paid in the last 30 days/ })).toBeVisible();
  await shot(page, 'overview-desktop');

  // Orders, by the customer's email and the failed status: each row opens its order page.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByLabel('Order id or email').fill(customerEmail);
  await page.getByLabel('Status').selectOption('failed');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Orders found' }).getByRole('row')).toHaveCount(3);
  await page.getByRole('link', { name: beta.id }).click();
  await expect(page.getByRole('heading', { name: `Order ${beta.id}` })).toBeVisible();
  await expect(page.getByText(/^Generation kept failing: /).first()).toBeVisible();
  await shot(page, 'failed-order-desktop');

  // The disk is fixed; the operator retries the beta order, which completes.
  for (const file of beta.blocked) await rm(file, { recursive: true, force: true });
  await page.getByRole('button', { name: 'Retry generation' }).click();
  await page.getByRole('alertdialog', { name: "Retry this order's generation?" }).getByRole('button', { name: 'Retry generation' }).click();
  await expect(page.locator('[data-slot=toast] [data-slot=toast-description]')).toHaveText('Generation started again');
  await expect.poll(() => statusOf(customer, beta.orderId), { timeout: 120_000 }).toBe('completed');
  await page.reload();
  await expect(page.getByText('100% generated')).toBeVisible();
  // The generation's progress is one row, the answers are words in the wizard's order, and an action
  // not offered says why.
  await expect(page.getByText(/\d+% generated/)).toHaveCount(1);
  await expect(page.getByText(/^from \d+% at .+, \d+ steps?$/)).toBeVisible();
  await expect(page.getByText('Doctor Photos', { exact: true })).toBeVisible();
  await expect(page.getByText('White coat, Scrubs', { exact: true })).toBeVisible();
  await expect(page.getByText('white_coat')).toHaveCount(0);
  await expect(page.getByText('A free order has nothing to refund.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Portrait 1', exact: true })).toBeVisible();
  // The summary's figures agree with the thumbnails, and the purge date reads as one still to come.
  await expect(page.getByRole('heading', { name: '20 portraits' })).toBeVisible();
  await expect(page.getByText('20 of 20', { exact: true })).toBeVisible();
  await expect(page.getByText('Portraits will be deleted on', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Deleted/)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Actions on this order' })).toContainText('Retry generation');
  await shot(page, 'order-desktop');

  // The refund dialog of the failed Basic order (its price paid): the whole payment asks what becomes of the
  // portraits, and Refund waits for the answer; a part of it is a goodwill refund that keeps them.
  await page.goto(`/dashboard/operator/orders/${basic.orderId}`);
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this order?' });
  const confirm = dialog.getByRole('button', { name: 'Refund', exact: true });
  const paid = priceOf('basic');
  await expect(dialog.getByLabel('Amount to refund (USD)')).toHaveValue((paid / 100).toFixed(2));
  await expect(dialog.getByText('The whole payment: the order becomes refunded.')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Delete them now' })).not.toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Keep them until / })).not.toBeChecked();
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('radio', { name: /^Keep them until / }).check();
  await expect(confirm).toBeEnabled();
  await shot(page, 'refund-dialog-full-desktop');

  // A part refund: $10 of what was paid, with a note, mailed to the customer (the box is ticked by default).
  await dialog.getByLabel('Amount to refund (USD)').fill('10');
  await expect(dialog.getByText('Less than was paid: a goodwill refund. The order keeps its status and its portraits.')).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: `Mail ${customerEmail} about the refund` })).toBeChecked();
  const note = 'Sorry for the failed order: here is $10 back while we look into it.';
  await dialog.getByLabel('Note to the customer (optional)').fill(note);
  await expect(dialog.getByText(`Shown in the mail. ${note.length} of 500 characters.`)).toBeVisible();
  await shot(page, 'refund-dialog-part-desktop');
  await confirm.click();
  await expect(page.locator('[data-slot=toast] [data-slot=toast-description]')).toHaveText('Refunded');
  await expect(page.getByText(`$10.00 of ${usd(paid)} ·`)).toBeVisible();
  await expect(page.getByText(usd(paid - 1000), { exact: true })).toBeVisible();
  await expect(page.getByText('Refunded in part')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund…' })).toBeDisabled();
  await expect(page.getByText('The payment was refunded already.')).toBeVisible();
  // A goodwill refund leaves the order as it was; the customer's mail says who refunded them, and why.
  expect(await statusOf(customer, basic.orderId)).toBe('failed');
  await expect.poll(async () => (await mailsTo(customerEmail)).filter((m) => m.subject === `Your refund for order ${basic.id}`).length).toBe(1);
  const [mail] = (await mailsTo(customerEmail)).filter((m) => m.subject === `Your refund for order ${basic.id}`);
  expect(mail!.text).toContain(`Our support team refunded $10.00 of the ${usd(paid)} you paid for order ${basic.id}.`);
  expect(mail!.text).toContain(`A note from our team: ${note}`);
  expect(mail!.text).not.toContain('guarantee');

  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').nth(1)).toContainText('Refund $10.00 · part of the payment, order kept');
  await expect(log.getByRole('row').nth(1)).toContainText(OPERATOR);
  await expect(log.getByRole('row').nth(1)).toContainText(basic.id);
  await expect(log.getByRole('row').nth(2)).toContainText('Retry generation');

  // Beta seats: seven more than are taken; the public beta page says so at once.
  const { used } = (await (await page.request.get('/v1/stripe/coupon')).json()).data;
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Change seats' }).click();
  const seats = page.getByRole('alertdialog', { name: 'Change the number of beta seats' });
  await seats.getByLabel('Beta seats in all').fill(String(used + 7));
  await seats.getByRole('button', { name: 'Change seats' }).click();
  await expect(figures).toContainText(`${used} of ${used + 7} used`);
  await page.goto('/beta');
  await expect(page.getByText(`7 out of ${used + 7} beta spots remaining`)).toBeVisible();

  // On a phone: the console's pages fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/dashboard/operator', 'overview'],
    [`/dashboard/operator/orders/${beta.orderId}`, 'order'],
    [`/dashboard/operator/customers?email=${encodeURIComponent(customerEmail)}`, 'customer'],
    ['/dashboard/operator/audit', 'audit'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (name === 'customer') await expect(page.getByText('Email link')).toBeVisible();
    await shot(page, `${name}-phone`);
  }
});
