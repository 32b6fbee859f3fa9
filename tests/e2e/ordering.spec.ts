import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import { badPhotos, selfies, writePhotos } from '../support/face-photos';
import { FIRST_ORDER_COUPON } from '../../src/shared/catalog/packages';
import { firstOrderAmounts, packageOf, priceLabel, priceOf, usd } from '../support/prices';
import { mailsTo, signIn } from './fixtures/auth';
import { ANALYSIS_MS, answerChoiceSteps, fileInput, nextButton, openFreshWizard, progressText, question, uploadUsablePhotos } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

/** Eleven selfies of one person in a temp folder, each passing the selfie check. */
async function makePhotoFiles(n: number): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ordering-photos-'));
  return Promise.all(
    (await selfies(n)).map(async (bytes, i) => {
      const file = path.join(dir, `selfie-${i + 1}.jpg`);
      await writeFile(file, bytes);
      return file;
    }),
  );
}

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

test.describe('[ordering] placing an order', () => {
  let photos: string[];
  let session: Cookie[];
  const email = freshEmail('orderer');
  // One customer for the whole file: sign-in links are rate limited per IP, and the suite shares one server.
  // No test here pays except the first, so FIRST30 stays valid for it whatever order the tests run in.
  test.beforeAll(async ({ browser }, testInfo) => {
    photos = await makePhotoFiles(11);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await signIn(context, email);
    session = await context.cookies();
    await context.close();
  });
  test.beforeEach(async ({ context }) => {
    await context.addCookies(session);
  });

  test('[ordering] walks the Doctor Photos wizard, pays Pro with FIRST30, and a second order cannot use FIRST30', async ({ page, context }) => {
    test.setTimeout(120_000);
    // The offline checkout must never load Stripe's script.
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (/stripe\.com/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
    });

    // New Order: the category grid leads to the wizard, and Back on the first step returns here.
    await page.goto('/dashboard/newOrder');
    await expect(page.getByRole('heading', { level: 1, name: 'New Order' })).toBeVisible();
    await expect(page.locator('main a[href^="/dashboard/createOrder/"]')).toHaveCount(17);
    await expect(page.getByText('One-time payment')).toHaveCount(17);
    const doctor = page.getByRole('link', { name: 'Doctor Photos', exact: true });
    await expect(doctor).toHaveAccessibleDescription(/Trustworthy portraits for clinics, hospitals and medical profiles\./);
    await doctor.click();
    await expect(page).toHaveURL(/\/dashboard\/createOrder\/doctor$/);
    await expect(page.locator('[data-slot=sidebar]')).toHaveAttribute('data-state', 'collapsed');
    expect((await context.cookies()).find((c) => c.name === 'sidebar:state')?.value).not.toBe('false');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Create Order');
    await expect(question(page, 'What is your gender?')).toBeVisible();
    await expect(page.getByText(progressText('gender'))).toBeVisible();
    await expect(page.getByText('9%', { exact: true })).toBeVisible();
    await expect(nextButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard\/newOrder$/);
    await page.getByRole('link', { name: 'Doctor Photos', exact: true }).click();

    // Single-choice steps advance on choice; going back shows the kept answer with Next.
    await page.getByRole('radio', { name: 'Woman', exact: true }).click();
    await expect(question(page, 'How old are you?')).toBeVisible();
    await expect(page.getByText(progressText('age'))).toBeVisible();
    await expect(page.getByText('18%', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: 'Woman', exact: true })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('radio', { name: 'Man', exact: true })).toHaveAttribute('aria-checked', 'false');
    await nextButton(page).click();
    for (const [option, nextQuestion] of [
      ['30-40', 'What is your skin tone?'],
      ['Olive', 'What is your hair color?'],
      ['Brown', 'How long is your hair?'],
    ] as const) {
      await expect(nextButton(page)).toHaveCount(0);
      await page.getByRole('radio', { name: option, exact: true }).click();
      await expect(question(page, nextQuestion)).toBeVisible();
    }
    // Hair lengths for a woman.
    await expect(page.getByRole('radio')).toHaveText(['Bald', 'Pixie cut', 'Bob cut', 'Medium length', 'Long']);
    await page.getByRole('radio', { name: 'Bob cut' }).click();
    await expect(question(page, 'What is your body type?')).toBeVisible();
    await page.getByRole('radio', { name: 'Regular' }).click();

    // Attire: Select All, Deselect All, then one.
    await expect(question(page, 'Choose your attire')).toBeVisible();
    const attires = page.getByRole('checkbox');
    await expect(attires).toHaveText(['White coat', 'White coat with blouse', 'Scrubs']);
    await expect(nextButton(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Select All' }).click();
    for (const box of await attires.all()) await expect(box).toBeChecked();
    await page.getByRole('button', { name: 'Deselect All' }).click();
    for (const box of await attires.all()) await expect(box).not.toBeChecked();
    await expect(nextButton(page)).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'White coat', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'White coat', exact: true })).toBeChecked();
    await nextButton(page).click();

    // Background: one of the doctor's backdrops.
    await expect(question(page, 'Choose your background')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveText(['Hospital corridor', 'Clinic', 'Blue studio']);
    await page.getByRole('checkbox', { name: 'Clinic' }).click();
    await nextButton(page).click();
    await page.getByRole('radio', { name: 'No glasses' }).click();

    // A file that is not an image, and a HEIC photo this browser cannot decode, are skipped with a message.
    await expect(question(page, 'Upload your photos')).toBeVisible();
    const toastText = page.locator('[data-slot=toast] [data-slot=toast-description]');
    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(toastText).toHaveText('notes.txt is not an image and was skipped.');
    await fileInput(page).setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.from('not really a heic photo') });
    await expect(toastText).toContainText('IMG_0001.HEIC is a HEIC/HEIF photo your browser cannot read.');
    await expect(page.getByText('Uploaded: 0/10')).toBeVisible();

    // Photos: 5, then 6, then 5 more of which only 4 fit.
    await fileInput(page).setInputFiles(photos.slice(0, 5));
    await expect(page.getByText('Uploaded: 5/10')).toBeVisible();
    await expect(page.getByText('Please upload at least 6 photos')).toBeVisible();
    await expect(nextButton(page)).toHaveCount(0);
    await fileInput(page).setInputFiles(photos.slice(5, 6));
    await expect(page.getByText('Uploaded: 6/10')).toBeVisible();
    await expect(page.getByText('Minimum requirement met')).toBeVisible({ timeout: ANALYSIS_MS });
    await expect(page.getByRole('img', { name: /^Photo \d+$/ })).toHaveCount(6);
    await expect(nextButton(page)).toBeVisible();
    await fileInput(page).setInputFiles(photos.slice(6, 11));
    await expect(page.getByText('Uploaded: 10/10')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Photo \d+$/ })).toHaveCount(10);
    await expect(page.getByText('You have added the maximum of 10 photos.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete All Photos' })).toBeVisible();
    await expect(fileInput(page)).toHaveCount(0);
    // Removing one brings the dropzone back.
    await page.getByRole('button', { name: 'Remove photo 10' }).click();
    await expect(page.getByText('Uploaded: 9/10')).toBeVisible();
    await expect(fileInput(page)).toHaveCount(1);
    await nextButton(page).click();

    // Packages: no Next; choosing Pro starts the purchase.
    await expect(question(page, 'Choose your package')).toBeVisible();
    await expect(page.getByText(progressText('packageSelection'))).toBeVisible();
    await expect(nextButton(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Join Beta for Free' })).toBeEnabled();
    // The beta card is free, its price struck through, with the seats left; a first order hears of FIRST30.
    const betaCard = page.getByRole('region', { name: 'Beta Tester Package' });
    await expect(betaCard.getByText('Free', { exact: true })).toBeVisible();
    await expect(betaCard.locator('s')).toHaveText(`instead of ${priceLabel('beta')}`);
    await expect(betaCard.getByText(/^\d+ of \d+ beta spots left$/)).toBeVisible();
    const firstOrderOffer = page.getByText(`${FIRST_ORDER_COUPON.percentOff}% off your first order: enter ${FIRST_ORDER_COUPON.code} at checkout.`);
    await expect(firstOrderOffer).toBeVisible();
    // Hold the answer back a moment to see the preparation phase.
    await page.route('**/v1/stripe/checkout/create', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    const created = page.waitForResponse((r) => r.url().endsWith('/v1/stripe/checkout/create'));
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Submitting your order...' })).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(page.locator('button', { hasText: 'Processing...' })).toHaveCount(4);
    const { data: checkout } = await (await created).json();
    expect(checkout).toMatchObject({ provider: 'offline', orderId: expect.any(String) });

    // The offline (test-mode) checkout with FIRST30.
    await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    await expect(dialog.getByText(/test mode/i).first()).toBeVisible();
    const pro = firstOrderAmounts('pro');
    // The summary repeats what is bought, in one money format.
    const orderSummary = dialog.getByRole('region', { name: 'Order summary' });
    await expect(orderSummary.getByText('Doctor Photos', { exact: true })).toBeVisible();
    await expect(orderSummary.getByText(`Pro · ${packageOf('pro').portraits} portraits`)).toBeVisible();
    await expect(orderSummary.getByText(`Within ${packageOf('pro').deliveryHours} hour`)).toBeVisible();
    await expect(orderSummary.getByText(usd(priceOf('pro')), { exact: true })).toHaveCount(2);
    await dialog.getByLabel('Coupon code').fill('FIRST30');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByTestId('checkout-discount')).toHaveText(`−${usd(pro.discountCents)}`);
    await expect(dialog.getByTestId('checkout-total')).toHaveText(usd(pro.amountCents));
    await dialog.getByRole('button', { name: `Pay ${usd(pro.amountCents)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orderPlaced/${checkout.orderId}$`));
    await expect(dialog).toBeHidden();

    // The thank-you page has focus: what was bought and paid, what comes next, where to watch.
    const thanks = page.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' });
    await expect(thanks).toBeFocused();
    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary.getByText(checkout.orderId.slice(0, 8).toUpperCase())).toBeVisible();
    await expect(summary.getByText('Doctor Photos')).toBeVisible();
    await expect(summary.getByText(`Pro · ${packageOf('pro').portraits} portraits`)).toBeVisible();
    await expect(summary.getByText(usd(pro.amountCents), { exact: true })).toBeVisible();
    await expect(summary.getByRole('link', { name: 'View receipt' })).toBeVisible();
    await expect(page.getByText(`usually ready within ${packageOf('pro').deliveryHours} hour`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Watch your portraits arrive' })).toHaveAttribute('href', `/dashboard/photoSelector/${checkout.orderId}`);
    // The payment confirmation arrives, with the order, the amount and the receipt.
    const short = checkout.orderId.slice(0, 8).toUpperCase();
    await expect
      .poll(async () => (await mailsTo(email)).filter((m) => m.subject === `Order ${short} confirmed: your portraits are on their way`).length)
      .toBe(1);
    const [confirmation] = (await mailsTo(email)).filter((m) => m.subject?.startsWith(`Order ${short} confirmed`));
    expect(confirmation!.text).toContain(`We received your payment of ${usd(pro.amountCents)} for order ${short}.`);
    expect(confirmation!.text).toMatch(/Your receipt: http\S+\/v1\/receipts\//);
    await page.getByRole('link', { name: 'Go to My Orders' }).click();

    // My Orders lists the new order, and the receipts hold its payment.
    await expect(page.getByText(checkout.orderId.slice(0, 8).toUpperCase()).filter({ visible: true }).first()).toBeVisible();
    const receipts = await page.request.post('/v1/stripe/receipts', { data: {}, headers: sameOrigin });
    expect(receipts.ok()).toBe(true);
    const { data: paid } = await receipts.json();
    expect(paid).toEqual([expect.objectContaining({ orderId: checkout.orderId, amount: pro.amountCents, currency: 'usd' })]);

    // A second order: the wizard starts afresh, a failed checkout re-enables the buttons, and FIRST30 is refused.
    await page.goto('/dashboard/newOrder');
    await page.getByRole('link', { name: 'Doctor Photos', exact: true }).click();
    await expect(page.getByText(progressText('gender'))).toBeVisible();
    await answerChoiceSteps(page);
    await uploadUsablePhotos(page, photos.slice(0, 6));
    await expect(page.getByText('Uploaded: 6/10')).toBeVisible();
    await nextButton(page).click();
    await expect(question(page, 'Choose your package')).toBeVisible();
    await expect(firstOrderOffer).toHaveCount(0);

    await page.unroute('**/v1/stripe/checkout/create');
    await page.route('**/v1/stripe/checkout/create', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 503, message: 'Service unavailable', data: null }) }),
    );
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    const toast = page.locator('[data-slot=toast]');
    await expect(toast.locator('[data-slot=toast-title]')).toHaveText('API Error');
    await expect(toast.locator('[data-slot=toast-description]')).toHaveText('Error creating checkout session: Service unavailable');
    await expect(page.getByRole('button', { name: 'Choose Basic' })).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.unroute('**/v1/stripe/checkout/create');

    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    await dialog.getByLabel('Coupon code').fill('FIRST30');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('FIRST30 is only valid on your first order');
    await expect(dialog.getByTestId('checkout-total')).toHaveText(usd(priceOf('basic')));
    await expect(dialog.getByRole('button', { name: `Pay ${usd(priceOf('basic'))}` })).toBeEnabled();
    // Closing leaves the order pending and gives the package buttons back.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose Basic' })).toBeEnabled();
    await expect(page).toHaveURL(/\/dashboard\/createOrder\/doctor$/);
    expect(stripeRequests).toEqual([]);
  });

  test('[photo-check] marks each photo while and after it is checked, says what to fix, and shows Next only at six usable photos, on desktop and phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const [group, blurry] = writePhotos('photo-check-e2e', [
      { name: 'group.jpg', bytes: await badPhotos.group() },
      { name: 'blurry.jpg', bytes: await badPhotos.blurred() },
    ]);
    const mark = (name: string) => page.getByRole('img', { name, exact: true });
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      // Each size is a new order: the draft the one before left is cleared.
      await openFreshWizard(page, '/dashboard/createOrder/doctor');
      await answerChoiceSteps(page);
      await expect(page.getByRole('heading', { name: 'Tips for great portraits' })).toBeVisible();
      await expect(page.getByText('Your whole face visible: no sunglasses, hats or hands in the way')).toBeVisible();

      // The check of the sixth photo is held back: it shows a spinner, and Next waits for it.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let checks = 0;
      await page.route('**/v1/photos/check', async (route) => {
        if (++checks === 6) await held;
        await route.continue();
      });
      await fileInput(page).setInputFiles([...photos.slice(0, 5), group!]);
      await expect(page.getByText('Uploaded: 6/10')).toBeVisible();
      for (const n of [1, 2, 3, 4, 5]) await expect(mark(`Photo ${n} looks good`)).toBeVisible({ timeout: ANALYSIS_MS });
      await expect(mark('Checking photo 6')).toBeVisible();
      await expect(page.getByText('5 photos ready, checking 1 photo', { exact: true })).toBeVisible();
      await expect(nextButton(page)).toHaveCount(0);
      release();

      // A group photo is refused with its reason; five usable photos are not enough.
      await expect(mark('Photo 6 cannot be used')).toBeVisible({ timeout: ANALYSIS_MS });
      await expect(page.getByText('More than one person. Use a photo of just you.')).toBeVisible();
      await expect(page.getByText('5 photos ready, 1 needs attention', { exact: true })).toBeVisible();
      await expect(page.getByText('Please upload at least 6 photos')).toBeVisible();
      await expect(nextButton(page)).toHaveCount(0);

      // A blurry photo gets a warning but counts: six usable photos bring Next.
      await fileInput(page).setInputFiles(blurry!);
      await expect(mark('Photo 7 can be used but could be better')).toBeVisible({ timeout: ANALYSIS_MS });
      await expect(page.getByText('A little blurry. A sharper photo gives better portraits.')).toBeVisible();
      await expect(page.getByText('6 photos ready, 1 needs attention', { exact: true })).toBeVisible();
      await expect(page.getByText('Minimum requirement met')).toBeVisible();
      await expect(nextButton(page)).toBeVisible();
      expect(await blockingViolations(page), `photo check ${size.width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll ${size.width}`).toBeLessThanOrEqual(size.width);

      // Removing the refused photo leaves six ready and nothing to fix.
      await page.getByRole('button', { name: 'Remove photo 6' }).click();
      await expect(page.getByText('6 photos ready', { exact: true })).toBeVisible();
      await expect(page.getByText('More than one person. Use a photo of just you.')).toHaveCount(0);
      await expect(nextButton(page)).toBeVisible();
      await page.unroute('**/v1/photos/check');
    }
  });

  test('[ordering] keeps ?type=beta from New Order to the wizard and shows the beta note', async ({ page }) => {
    await page.goto('/dashboard/newOrder?type=beta');
    await expect(page.getByText('Beta: your free beta package is waiting — pick a style to start.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Old Money', exact: true })).toHaveAttribute('href', '/dashboard/createOrder/oldmoney?type=beta');
    // The card's picture (decorative, beside the link that the category's name is).
    const image = page.locator('[data-category=oldmoney] img');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('width', '640');
    await expect(image).toHaveAttribute('height', '480');
    await page.getByRole('link', { name: 'Old Money', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/createOrder\/oldmoney\?type=beta$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/dashboard\/newOrder\?type=beta$/);
  });

  test('[ordering] an unknown category is the 404 page', async ({ page }) => {
    await page.goto('/dashboard/createOrder/astronaut');
    await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
  });

  test('[a11y] the wizard steps and the checkout have no serious or critical violation, on desktop and phone', async ({ page }) => {
    test.setTimeout(120_000);
    for (const size of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await openFreshWizard(page, '/dashboard/createOrder/glamour');
      await expect(question(page, 'What is your gender?')).toBeVisible();
      expect(await blockingViolations(page), `gender ${size.width}`).toEqual([]);
      // Keyboard: arrows move between the choices without choosing; Space chooses and the next question gets focus.
      await page.getByRole('radio', { name: 'Man', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('radio', { name: 'Woman', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('radio', { name: 'Man', exact: true })).toBeFocused();
      await expect(question(page, 'What is your gender?')).toBeVisible();
      await page.keyboard.press('Space');
      await expect(question(page, 'How old are you?')).toBeFocused();
      for (const option of ['25-29', 'Honey', 'Black', 'Short', 'Slim']) await page.getByRole('radio', { name: option, exact: true }).click();
      await expect(question(page, 'Choose your attire')).toBeVisible();
      await page.getByRole('button', { name: 'Select All' }).click();
      expect(await blockingViolations(page), `attire ${size.width}`).toEqual([]);
      await nextButton(page).click();
      await page.getByRole('button', { name: 'Select All' }).click();
      await nextButton(page).click();
      await page.getByRole('radio', { name: 'In some photos' }).click();
      await uploadUsablePhotos(page, photos.slice(0, 6));
      await expect(page.getByText('Uploaded: 6/10')).toBeVisible();
      expect(await blockingViolations(page), `photos ${size.width}`).toEqual([]);
      await nextButton(page).click();
      await expect(question(page, 'Choose your package')).toBeVisible();
      expect(await blockingViolations(page), `packages ${size.width}`).toEqual([]);
      await page.getByRole('button', { name: 'Choose Executive' }).click();
      await expect(page.getByRole('button', { name: `Pay ${usd(priceOf('executive'))}` })).toBeVisible();
      expect(await blockingViolations(page), `checkout ${size.width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll ${size.width}`).toBeLessThanOrEqual(size.width);
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    }
  });
});
