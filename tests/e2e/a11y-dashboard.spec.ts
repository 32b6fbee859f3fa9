import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { placePaidOrder } from './fixtures/orders';

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
/** Moderate findings the issue named, held to zero too: content outside a landmark, skipped heading levels. */
const ALSO_BLOCKING = ['region', 'heading-order'];

/** Every violation axe-core finds on the page as it is now. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Experimental in axe-core, so off unless asked for: a button's visible words must be in its name.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** What each dashboard screen shows once it has loaded, so axe looks at the page and not at a skeleton. */
const SCREENS: { path: (orderId: string) => string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: () => '/dashboard', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: () => '/dashboard/newOrder', ready: (page) => page.getByRole('link', { name: 'Doctor Photos', exact: true }) },
  { path: () => '/dashboard/createOrder/doctor', ready: (page) => page.getByRole('heading', { name: 'What is your gender?' }) },
  { path: () => '/dashboard/myOrders', ready: (page) => page.getByRole('heading', { name: 'My Orders' }) },
  { path: (id) => `/dashboard/photoSelector/${id}`, ready: (page) => page.getByRole('heading', { name: 'Photo Selection' }) },
  { path: (id) => `/dashboard/orderPlaced/${id}`, ready: (page) => page.getByRole('heading', { name: 'Thank you! Your order is confirmed' }) },
  { path: () => '/dashboard/receipts', ready: (page) => page.getByRole('heading', { name: 'Receipts' }) },
  { path: () => '/dashboard/help', ready: (page) => page.getByRole('heading', { name: 'Help' }) },
  { path: () => '/dashboard/releasenotes', ready: (page) => page.getByRole('heading', { name: 'Release Notes' }) },
  { path: () => '/dashboard/account', ready: (page) => page.getByRole('heading', { name: 'Account' }) },
  { path: () => '/dashboard/referrals', ready: (page) => page.getByRole('heading', { name: 'Referrals' }) },
  { path: () => '/dashboard/giftcards', ready: (page) => page.getByRole('heading', { level: 1, name: 'Gift Cards' }) },
  { path: () => '/dashboard/nope', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

test.describe('[a11y] the dashboard', () => {
  test('[a11y] every dashboard screen has no serious or critical violation, no content outside a landmark and no skipped heading level, at 1280 and 390 px', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, `a11y.${Date.now()}@example.com`);
    const orderId = await placePaidOrder(page, { packageId: 'beta' });
    await expect
      .poll(async () => (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameOrigin })).json()).data.status, {
        timeout: 120_000,
      })
      .toBe('completed');

    const found: Record<string, unknown[]> = {};
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      for (const screen of SCREENS) {
        const path = screen.path(orderId);
        await page.goto(path);
        await expect(screen.ready(page).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const blocking = (await violations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_BLOCKING.includes(v.id));
        if (blocking.length > 0) found[`${path} at ${width} px`] = blocking;
      }
    }
    expect(found).toEqual({});
  });
});
