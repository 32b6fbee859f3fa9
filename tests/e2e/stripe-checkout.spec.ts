import { expect, test } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';
import { serveStripeStandIn } from './fixtures/stripe-stand-in';
import { answerChoiceSteps, nextButton, uploadUsablePhotos } from './fixtures/wizard';

declare global {
  interface Window {
    cspViolations: { directive: string; blocked: string }[];
  }
}

test.describe('[checkout] Stripe embedded checkout under the dashboard policy', () => {
  test("mounts Stripe's checkout, pays and lands on the order's page with no content-security-policy violation", async ({ page, context }) => {
    test.setTimeout(90_000);
    const served = await serveStripeStandIn(context);
    await context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
    });
    await signIn(page, `stripe-csp.${Date.now()}@example.com`);

    // This server takes payments offline; the browser is told Stripe is the provider, as a Stripe-keyed server says.
    let sessionId = '';
    await page.route('**/v1/stripe/checkout/create', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      sessionId = body.data.sessionId;
      await route.fulfill({ response, json: { ...body, data: { ...body.data, provider: 'stripe', publishableKey: 'pk_test_stand_in' } } });
    });

    await page.goto('/dashboard/createOrder/doctor');
    await answerChoiceSteps(page);
    await uploadUsablePhotos(page, await selfieFiles());
    await expect(page.getByText('Uploaded: 6/10')).toBeVisible();
    await nextButton(page).click();
    await page.getByRole('button', { name: 'Choose Basic' }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    const form = page.frameLocator('iframe[title="Secure payment input frame"]');
    await expect(form.getByText('Card number 4242 4242 4242 4242')).toBeVisible();
    // Everything Stripe.js loads came through: loader, subdomain script and frame, API calls, 3-D Secure frame, pixel.
    for (const host of ['js.stripe.com', 'b.js.stripe.com', 'api.stripe.com', 'checkout.stripe.com', 'hooks.stripe.com', 'q.stripe.com']) {
      await expect.poll(() => served.some((url) => new URL(url).hostname === host), { message: host }).toBe(true);
    }

    const confirmed = page.waitForRequest((r) => r.url().endsWith('/v1/stripe/checkout/confirm'));
    await form.getByRole('button', { name: 'Pay' }).click();
    await expect(dialog).toBeHidden();
    expect((await confirmed).postDataJSON()).toEqual({ sessionId });
    await expect(page).toHaveURL(/\/dashboard\/orderPlaced\/[0-9a-f-]{36}$/);
    // The stand-in took no money from this offline server: the order page waits for the payment to be confirmed.
    await expect(page.getByRole('heading', { level: 1, name: 'Confirming your payment…' })).toBeVisible();

    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    // The listener does see what the policy refuses.
    await page.evaluate(() => fetch('https://payments.example.net/collect').catch(() => {}));
    await expect.poll(() => page.evaluate(() => window.cspViolations)).toEqual([{ directive: 'connect-src', blocked: 'https://payments.example.net/collect' }]);
  });
});
