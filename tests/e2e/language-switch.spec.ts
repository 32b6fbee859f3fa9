import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import jp from '../../locales/jp.json' with { type: 'json' };
import us from '../../locales/us.json' with { type: 'json' };

let counter = 0;
/** A fresh customer per test, so no test sees another's session or data. */
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

const PAGES: [path: string, title: keyof typeof us.dashboard.titles][] = [
  ['/dashboard', 'overview'],
  ['/dashboard/myOrders', 'myOrders'],
  ['/dashboard/newOrder', 'newOrder'],
  ['/dashboard/help', 'help'],
  ['/dashboard/account', 'account'],
];

/** The top bar's language button, whatever language the dashboard is in. */
const languageButton = (page: Page) => page.locator('header').getByRole('button', { name: /^(Language: |言語：)/ });

/** Opens a dashboard page and waits for the account's user info, which may switch the language. */
async function open(page: Page, path: string): Promise<void> {
  const info = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/user/info');
  await page.goto(path);
  await info;
}

test.describe('[language] the dashboard language switch', () => {
  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('[language] switches to 日本語 and back in two taps from every page', async ({ page }) => {
      await signIn(page, freshEmail('phone.polyglot'));
      for (const [path, title] of PAGES) {
        await open(page, path);
        await expect(page.getByRole('heading', { level: 1, name: us.dashboard.titles[title] })).toBeVisible();

        let taps = 0;
        const tap = async (target: Locator) => {
          taps += 1;
          await target.tap();
        };
        await tap(languageButton(page));
        await tap(page.getByRole('menuitemradio', { name: '日本語' }));
        expect(taps, `${path}: taps to Japanese`).toBeLessThanOrEqual(2);
        await expect(page.getByRole('heading', { level: 1, name: jp.dashboard.titles[title] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
        await expect(languageButton(page)).toHaveText('日本語');

        taps = 0;
        await tap(languageButton(page));
        await tap(page.getByRole('menuitemradio', { name: 'English' }));
        expect(taps, `${path}: taps back to English`).toBeLessThanOrEqual(2);
        await expect(page.getByRole('heading', { level: 1, name: us.dashboard.titles[title] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
    });

    test('[language] the switch sits in the top bar with every language in its own name, and the page fits', async ({ page }) => {
      await signIn(page, freshEmail('phone.menu'));
      await open(page, '/dashboard');
      const button = languageButton(page);
      await expect(button).toBeInViewport();
      await button.tap();
      const items = page.getByRole('menuitemradio');
      await expect(items).toHaveText(['English', 'Français', 'Deutsch', '日本語', '한국어', '中文']);
      await expect(page.getByRole('menuitemradio', { name: '한국어' })).toHaveAttribute('lang', 'ko');
      for (const item of await items.all()) await expect(item).toBeInViewport({ ratio: 1 });
      await page.getByRole('menuitemradio', { name: '日本語' }).tap();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('[language] one click opens the switch in the top bar; the choice survives a reload', async ({ page }) => {
      await signIn(page, freshEmail('desk.polyglot'));
      await open(page, '/dashboard/myOrders');
      const button = languageButton(page);
      await expect(button).toBeVisible();
      await expect(button).toHaveText('English');
      await button.click();
      await expect(page.getByRole('menuitemradio')).toHaveCount(6);
      await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
      await page.getByRole('menuitemradio', { name: '日本語' }).click();
      await expect(page.getByRole('heading', { level: 1, name: jp.dashboard.titles.myOrders })).toBeVisible();

      await open(page, '/dashboard/myOrders');
      await expect(page.getByRole('heading', { level: 1, name: jp.dashboard.titles.myOrders })).toBeVisible();
      await expect(button).toHaveText('日本語');
    });

    // Needs the server's side of the account language (POST /v1/user/language and `language` in the user info).
    test("[language] another device opens in the account's language", async ({ page, browser }) => {
      const email = freshEmail('two.devices');
      await signIn(page, email);
      await open(page, '/dashboard');
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/user/language');
      await languageButton(page).click();
      await page.getByRole('menuitemradio', { name: '日本語' }).click();
      expect((await saved).ok()).toBe(true);

      const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
      const second = await other.newPage();
      await signIn(second, email);
      await second.goto('/dashboard');
      await expect(second.getByRole('heading', { level: 1, name: jp.dashboard.titles.overview })).toBeVisible();
      await expect(second.locator('html')).toHaveAttribute('lang', 'ja');
      await other.close();
    });
  });
});
