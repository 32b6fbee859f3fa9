import { expect, test } from '@playwright/test';
import { loginLinkFor, mailsTo } from './fixtures/auth';

/**
 * A visitor who arrives on a translated page keeps its language through the sign-in: the login page,
 * the login mail and the dashboard are in that language, even when the mailed link is opened in
 * another browser.
 */
test.describe('[site] the language of the page goes with the visitor through sign-in', () => {
  test('[site] from /jp/ by Get Started: the Japanese login page, a Japanese mail, the Japanese dashboard', async ({ page, browser }) => {
    const email = `jp-visitor-${Date.now()}@example.com`;
    await page.goto('/jp');
    await page.getByRole('link', { name: '今すぐ始める' }).first().click();
    await expect(page).toHaveURL(/\/jp\/login\?source=hero$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Portrait Studio にログイン' })).toBeVisible();
    // This browser's dashboard will open in Japanese as well.
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('jp');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: 'ログインリンクを送信' }).click();
    await expect(page.getByText('ログインリンクを送信しました！', { exact: false })).toBeVisible();

    const link = await loginLinkFor(email);
    expect(new URL(link).pathname).toBe('/jp/login/verify');
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Portrait Studio のログインリンク');

    // The mail opened in another browser, which has never seen the site.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto(link);
      await other.getByRole('button', { name: 'ログイン' }).click();
      await expect(other).toHaveURL(/\/dashboard/);
      await expect(other.getByRole('link', { name: '注文履歴' }).first()).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test('[site] a signed-in visitor on /fr/ reaches the French dashboard by the Dashboard button', async ({ page }) => {
    const email = `fr-visitor-${Date.now()}@example.com`;
    await page.request.post('/v1/loginLink/send', { data: { email, language: 'fr' }, headers: { 'sec-fetch-site': 'same-origin' } });
    const token = new URL(await loginLinkFor(email)).searchParams.get('token');
    await page.request.post('/v1/loginLink/verify', { data: { token }, headers: { 'sec-fetch-site': 'same-origin' } });
    await page.goto('/fr');
    const dashboard = page.getByRole('banner').getByRole('link', { name: 'Tableau de bord' });
    await expect(dashboard).toHaveAttribute('href', '/dashboard?source=header');
    await dashboard.click();
    await expect(page).toHaveURL(/\/dashboard\?source=header$/);
    await expect(page.getByRole('link', { name: 'Mes commandes' }).first()).toBeVisible();
  });
});
