import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { packageOf, priceLabel } from '../support/prices';

let counter = 0;
/** A fresh customer per test, so no test sees another's session or data. */
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

const sidebar = (page: Page) => page.locator('[data-slot=sidebar]');

test.describe('[dashboard] the shell', () => {
  test('[sidebar] collapses with Ctrl+B and stays collapsed after a reload', async ({ page, context }) => {
    await signIn(page, freshEmail('collapse'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    await expect(page.locator('[data-slot=sidebar-container]')).toHaveCSS('width', '256px');

    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect(page.locator('[data-slot=sidebar-container]')).toHaveCSS('width', '48px');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar:state');
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    // max-age 604800: the cookie expires about 7 days from now.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    // Collapsed icons explain themselves at once.
    await page.getByRole('link', { name: 'Receipts' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Receipts' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');

    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar:state')?.value).toBe('true');
  });

  test('[sidebar] opens as a panel at 390px and closes when a menu item is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, freshEmail('phone'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Receipts' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    // 18rem once its opening animation has finished (mid-animation it measures a fraction more).
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(288);
    await expect(panel.getByText('Personal Account')).toBeVisible();

    await panel.getByRole('link', { name: 'Receipts' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/receipts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
    // Nothing runs past the right edge of a phone screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('[sidebar] shows the initials of a user without an avatar, with name and email', async ({ page }) => {
    const email = freshEmail('jane.doe');
    await signIn(page, email);
    await page.goto('/dashboard');
    const nickName = email.split('@')[0]!;
    const userButton = page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect(userButton).toContainText(nickName);
    await expect(userButton.locator('[data-slot=avatar-fallback]')).toHaveText('J');
  });

  test('[sidebar] logs out through the user menu, after which the dashboard sends to the login page', async ({ page }) => {
    const email = freshEmail('leaver');
    await signIn(page, email);
    await page.goto('/dashboard/help');
    await page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click();
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectURL=%2Fdashboard$/);
  });

  test('[sidebar] the user menu opens Account; the top bar switches the language', async ({ page }) => {
    const email = freshEmail('polyglot');
    await signIn(page, email);
    await page.goto('/dashboard/releasenotes');
    const userButton = page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await userButton.click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await expect(page.getByRole('link', { name: 'Aide' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Compte | Portrait Studio');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Aide' })).toBeVisible();
  });

  const ROUTES: [path: string, heading: string][] = [
    ['/dashboard', 'Overview'],
    ['/dashboard/newOrder', 'New Order'],
    ['/dashboard/newOrder?type=beta', 'New Order'],
    ['/dashboard/createOrder/doctor', 'Create Order'],
    ['/dashboard/myOrders', 'My Orders'],
    ['/dashboard/photoSelector/0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e', 'Photo Selection'],
    ['/dashboard/receipts', 'Receipts'],
    ['/dashboard/help', 'Help'],
    ['/dashboard/releasenotes', 'Release Notes'],
    ['/dashboard/account', 'Account'],
    ['/dashboard/referrals', 'Referrals'],
    ['/dashboard/giftcards', 'Gift Cards'],
  ];

  test('[dashboard] every route renders its title, on a deep link and in the document title', async ({ page }) => {
    await signIn(page, freshEmail('tourist'));
    for (const [path, heading] of ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page, path).toHaveTitle(`${heading} | Portrait Studio`);
    }
  });

  test('[dashboard] sidebar links navigate in the app without reloading the page', async ({ page }) => {
    await signIn(page, freshEmail('clicker'));
    await page.goto('/dashboard');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    for (const [name, url] of [
      ['New Order', /\/dashboard\/newOrder$/],
      ['My Orders', /\/dashboard\/myOrders$/],
      ['Help', /\/dashboard\/help$/],
      ['Receipts', /\/dashboard\/receipts$/],
      ['Release Notes', /\/dashboard\/releasenotes$/],
      ['Gift Cards', /\/dashboard\/giftcards$/],
      ['Referrals', /\/dashboard\/referrals$/],
    ] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
  });

  test('[dashboard] an unknown dashboard path shows the 404 page', async ({ page }) => {
    await signIn(page, freshEmail('lost'));
    await page.goto('/dashboard/no-such-page');
    await expect(page.getByRole('heading', { name: '404 - Page not found' })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expect(sidebar(page)).toHaveCount(0);
  });

  test('[dashboard] breadcrumbs lead from New Order back to the dashboard and from the photo selector to My Orders', async ({ page }) => {
    await signIn(page, freshEmail('crumbs'));
    await page.goto('/dashboard/newOrder');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByText('New Order')).toHaveAttribute('aria-current', 'page');
    await trail.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/dashboard/photoSelector/abc');
    await expect(trail.getByText('View Order')).toBeVisible();
    await trail.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  });

  test('[dashboard] the overview links to New Order, My Orders and Account', async ({ page }) => {
    await signIn(page, freshEmail('home'));
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /New Order/ })).toHaveAttribute('href', '/dashboard/newOrder');
    await expect(main.getByRole('link', { name: /My Orders/ })).toHaveAttribute('href', '/dashboard/myOrders');
    await main.getByRole('link', { name: /Account/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  });
});

test.describe('[dashboard] the simple pages', () => {
  test('[receipts] a customer without payments sees the empty state and the 100-item note', async ({ page }) => {
    await signIn(page, freshEmail('nopay'));
    await page.goto('/dashboard/receipts');
    await expect(page.getByText('No receipts found')).toBeVisible();
    await expect(page.getByText('Only last 100 items are retrieved')).toBeVisible();
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/v1/stripe/receipts') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await (await refreshed).json()).data).toEqual([]);
    await expect(page.getByText('No receipts found')).toBeVisible();
  });

  test('[help] the FAQ has five tabs of questions and a Contact Us link', async ({ page }) => {
    await signIn(page, freshEmail('curious'));
    await page.goto('/dashboard/help');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['General', 'Process & Delivery', 'Technical Requirements', 'Pricing & Packages', 'Privacy & Security']);
    await page.getByRole('tab', { name: 'Process & Delivery' }).click();
    await page.getByRole('button', { name: 'How long does it take to get my portraits?' }).click();
    await expect(page.getByText('Delivery usually takes 1 to 2 hours and at most 72 hours.', { exact: false })).toBeVisible();
    await page.getByRole('tab', { name: 'Pricing & Packages' }).click();
    await page.getByRole('button', { name: 'Which packages are available?' }).click();
    const offer = (id: 'basic' | 'pro' | 'executive') => `${priceLabel(id)} for ${packageOf(id).portraits} portraits`;
    const answer = `Basic: ${offer('basic')}. Pro: ${offer('pro')}. Executive: ${offer('executive')}`;
    await expect(page.getByText(new RegExp(answer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  test('[release notes] lists both versions with their dates and a feature-request mail link', async ({ page }) => {
    await signIn(page, freshEmail('reader'));
    await page.goto('/dashboard/releasenotes');
    await expect(page.getByRole('heading', { name: /Version 1\.1\.0/ })).toBeVisible();
    await expect(page.getByText('Apr 12, 2025')).toBeVisible();
    await expect(page.getByText('Faster image processing')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Version 1.0.0' })).toBeVisible();
    await expect(page.getByText('Feb 10, 2025')).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@portrait-studio.example' })).toHaveAttribute(
      'href',
      /^mailto:support@portrait-studio\.example\?subject=Feature%20request$/,
    );
  });
});

test.describe('[a11y] dashboard', () => {
  async function blockingViolations(page: Page) {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }

  test('[a11y] the dashboard pages have no serious or critical violation, expanded, collapsed and on a phone', async ({ page }) => {
    await signIn(page, freshEmail('axe'));
    for (const path of ['/dashboard', '/dashboard/help', '/dashboard/receipts', '/dashboard/releasenotes', '/dashboard/newOrder']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await blockingViolations(page), path).toEqual([]);
    }
    await page.keyboard.press('Control+b');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    // Scan after the group labels have finished fading out.
    await expect(page.locator('#sidebar-group-other')).toHaveCSS('opacity', '0');
    expect(await blockingViolations(page), 'collapsed').toEqual([]);
    await page.keyboard.press('Control+b');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await blockingViolations(page), 'phone menu').toEqual([]);
  });
});
