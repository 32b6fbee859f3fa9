import { expect, test } from '@playwright/test';

test.describe('[site] languages', () => {
  test('[site] the language menu switches the page to French and then to Japanese', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByLabel('Language: English').click();
    await page.getByRole('banner').getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos de Portrait Studio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nos valeurs' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');

    await page.getByRole('banner').getByLabel('Langue: Français').click();
    await page.getByRole('banner').getByRole('link', { name: '日本語' }).click();
    await expect(page).toHaveURL(/\/jp\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'Portrait Studioについて' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('jp');
  });

  test('[site] the French landing page is translated throughout', async ({ page }) => {
    await page.goto('/fr');
    await expect(page.getByRole('heading', { name: 'Comment ça marche' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Des tarifs simples, en paiement unique' })).toBeVisible();
    await expect(page.locator('#pricing').getByRole('link', { name: 'Rejoindre la bêta gratuitement' })).toHaveAttribute('href', '/fr/beta');
    await expect(page.locator('#examples').getByRole('tab', { name: 'Santé' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  });

  test('[site] a stored language takes the visitor to that language copy of the page', async ({ page }) => {
    await page.goto('/contact');
    await page.evaluate(() => localStorage.setItem('language', 'jp'));
    await page.goto('/about');
    await expect(page).toHaveURL(/\/jp\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Portrait Studioについて' })).toBeVisible();
  });

  test('[site] English stored, or the page already in the stored language, stays put', async ({ page }) => {
    await page.goto('/contact');
    await page.evaluate(() => localStorage.setItem('language', 'us'));
    await page.goto('/fr/about');
    await expect(page).toHaveURL(/\/fr\/about$/);
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.goto('/de/beta');
    await expect(page).toHaveURL(/\/de\/beta$/);
  });

  test('[site] each page has its own title, description and sharing tags in each language', async ({ page }) => {
    await page.goto('/fr/contact');
    await expect(page).toHaveTitle('Contact | Portrait Studio');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Contactez l'équipe Portrait Studio/);
    await page.goto('/de/about');
    await expect(page).toHaveTitle('Über uns | Portrait Studio');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/localhost:\d+\/_astro\/social\.\w+\.png$/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'de_DE');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute('href', /\/jp\/about$/);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  });

  test('[site] robots.txt and the sitemap list the public pages only', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /v1');
    expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
    expect((await request.get('/sitemap-index.xml')).status()).toBe(200);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const path of ['/about', '/beta', '/contact', '/fr/about', '/jp/beta']) expect(sitemap).toContain(`${path}</loc>`);
    expect(sitemap).not.toContain('/dashboard');
    expect(sitemap).not.toContain('/404');
    expect(sitemap).not.toContain('/es');
  });
});
