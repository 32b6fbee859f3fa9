import { expect, test, type Page } from '@playwright/test';

/** Answers the coupon call the way the server would, so each banner state can be shown on demand. */
async function mockCoupon(page: Page, answer: { total: number; used: number } | { status: number }) {
  await page.route('**/v1/stripe/coupon', (route) =>
    'status' in answer
      ? route.fulfill({ status: answer.status, json: { code: answer.status, message: 'Something went wrong' } })
      : route.fulfill({ json: { code: 0, message: 'success', data: { ...answer, code: 'BETA', percentOff: 100 } } }),
  );
}

const promo = (page: Page) => page.getByRole('complementary', { name: 'Current offer' });

test.describe('[site] landing page', () => {
  test('[site] the desktop header shows the anchors without a menu', async ({ page }) => {
    // Which of the header's two menus shows is the stylesheet's; their links are tests/site/landing.test.ts's.
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const name of ['How It Works', 'Comparison', 'Examples', 'Contact', 'About']) {
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('[site] the phone header shows the brand beside its buttons, in every language', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/fr', '/de', '/jp', '/kr', '/cn']) {
      await page.goto(path);
      const brand = page.getByRole('banner').getByText('Portrait Studio', { exact: true });
      // Readable, not a screen-reader-only pixel.
      expect((await brand.boundingBox())?.width, path).toBeGreaterThan(40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
  });

  test('[site] the hero art is the AVIF copy sized for the screen', async ({ page }) => {
    // The browser picks the copy among the build's (the hero's text, links and WebP: tests/site/landing.test.ts).
    await page.goto('/');
    const art = page.getByRole('img', { name: 'A collage of AI-generated professional portraits in different styles' });
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/_astro\/hero\.\w+\.avif$/);
  });

  test('[site] shows a style theme with its examples and call to action when its button is clicked', async ({ page }) => {
    await page.goto('/');
    // The tabs as built (17, the first chosen) are tests/site/landing.test.ts's.
    const gallery = page.locator('#examples');
    await gallery.getByRole('tab', { name: 'Healthcare' }).click();
    const panel = gallery.getByRole('tabpanel');
    await expect(panel).toHaveCount(1);
    await expect(panel.getByRole('heading', { name: 'Healthcare' })).toBeVisible();
    await expect(panel.getByText('Trustworthy portraits for doctors, nurses and healthcare professionals.')).toBeVisible();
    for (const feature of ['White coats and scrubs', 'Clinic and hospital settings', 'Warm, reassuring expressions']) {
      await expect(panel.getByText(feature)).toBeVisible();
    }
    await expect(panel.getByRole('link', { name: 'Create my healthcare portraits' })).toHaveAttribute('href', '/login?source=gallery');
    const images = panel.getByRole('img', { name: 'AI-generated portrait of a healthcare professional in a white coat' });
    await expect(images).toHaveCount(15);
    await expect(images.first()).toHaveAttribute('loading', 'lazy');
    await expect(images.first()).toHaveAttribute('width', '416');
    await expect(images.first()).toHaveAttribute('height', '608');
    await expect(images.first()).toHaveAttribute('src', /^\/_astro\/1\.\w+\.webp$/);
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(416);

    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('tab', { name: 'Real Estate' })).toBeFocused();
    await expect(gallery.getByRole('tabpanel').getByRole('heading', { name: 'Real Estate' })).toBeVisible();
  });

  test('[site] shows each FAQ answer when its question is clicked', async ({ page }) => {
    // The testimonials and the privacy promises are tests/site/landing.test.ts's.
    await page.goto('/');
    const faq = page.locator('#faq');
    const answers = [
      ['How long does it take to get my portraits?', 'Delivery usually takes 1 to 2 hours and at most 72 hours.'],
      ['Can I get a refund?', 'a refund is available within 7 days of purchase'],
      ['How long do you keep my data?', 'Your data is kept 30 days after delivery and then deleted automatically.'],
      ['What photos should I upload?', 'Upload 6 to 10 clear photos from different angles'],
      ['Is there a size limit for photos?', 'each selfie should be under 10MB'],
    ];
    for (const [question, answer] of answers) {
      await expect(faq.getByText(answer)).toBeHidden();
      await faq.getByText(question).click();
      await expect(faq.getByText(answer)).toBeVisible();
    }
  });

  // The page's clock is driven by the test: six seconds pass at once instead of being waited for.
  test('[site] the rotator changes its example images every 6 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const first = page.locator('[data-rotator] img').first();
    const before = await first.getAttribute('src');
    /** The style each rotator image belongs to: the gallery list that holds the same image (the gallery loads all but the first style's when the rotator asks). */
    const rotatorStyles = () =>
      page.evaluate(() => {
        const styleOf = new Map<string, string>();
        for (const list of document.querySelectorAll<HTMLElement>('[data-style-examples]')) {
          for (const img of list.querySelectorAll('img')) styleOf.set(img.getAttribute('src') ?? '', list.dataset.styleExamples ?? '');
        }
        return Array.from(document.querySelectorAll('[data-rotator] img'), (img) => styleOf.get(img.getAttribute('src') ?? '') ?? 'none');
      });
    await page.clock.runFor(5_900);
    expect(await first.getAttribute('src')).toBe(before);
    await page.clock.runFor(100);
    // The new round preloads its images, then fades for a quarter second before the swap.
    await expect
      .poll(async () => {
        await page.clock.runFor(250);
        return first.getAttribute('src');
      })
      .not.toBe(before);
    const styles = await rotatorStyles();
    expect(styles).not.toContain('none');
    expect(new Set(styles).size).toBe(5);
  });

  test('[site] the rotator can be paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Pause the slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Resume the slideshow' })).toBeVisible();
    const first = page.locator('[data-rotator] img').first();
    const before = await first.getAttribute('src');
    await page.clock.runFor(13_000);
    expect(await first.getAttribute('src')).toBe(before);
    // Resumed, it rotates again.
    await page.getByRole('button', { name: 'Resume the slideshow' }).click();
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return first.getAttribute('src');
      })
      .not.toBe(before);
  });

  test('[site] Get Started and Dashboard lead a visitor to the login page', async ({ page }) => {
    await page.route('**/v1/user/info', (route) => route.fulfill({ status: 401, json: { code: 401, message: 'Please log in' } }));
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/login\?source=hero$/);
  });

  test('[site] Get Started and Dashboard lead a signed-in user to the dashboard', async ({ page }) => {
    await page.route('**/v1/user/info', (route) =>
      route.fulfill({ json: { code: 0, message: 'success', data: { nickName: 'Ada', email: 'ada@example.com', avatar: '', operator: false } } }),
    );
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/dashboard?source=hero');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard?source=header');
    await expect(page.locator('#pricing').getByRole('link', { name: 'Choose Pro' })).toHaveAttribute('href', '/dashboard?source=pricing');
  });

  test('[site] on a phone the compact menu keeps the anchors reachable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Comparison' })).toBeHidden();
    await header.getByLabel('Menu', { exact: true }).click();
    await header.getByRole('link', { name: 'Comparison' }).click();
    await expect(page).toHaveURL(/#comparison$/);
    await expect(header.getByRole('link', { name: 'Comparison' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('[site] promo banner', () => {
  test('[site] the promo banner shows loading first, then the beta offer while seats remain', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/stripe/coupon', async (route) => {
      await held;
      await route.fulfill({ json: { code: 0, message: 'success', data: { total: 30, used: 12, code: 'BETA', percentOff: 100 } } });
    });
    await page.goto('/');
    await expect(promo(page)).toContainText("Loading today's offer…");
    release();
    await expect(promo(page)).toContainText('Beta program: 18 of 30 free spots left for beta testers, no card needed.');
    await promo(page).getByRole('link', { name: 'Join the beta' }).click();
    await expect(page).toHaveURL(/\/beta$/);
  });

  test('[site] the promo banner offers FIRST30 when no beta seat remains', async ({ page }) => {
    await mockCoupon(page, { total: 30, used: 30 });
    await page.goto('/');
    await expect(promo(page)).toContainText('Get 30% off your first order with code FIRST30.');
    await expect(promo(page).getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/#pricing');
  });

  test('[site] the promo banner is hidden when the coupon call fails', async ({ page }) => {
    await mockCoupon(page, { status: 500 });
    await page.goto('/');
    await expect(page.locator('[data-promo-banner]')).toHaveAttribute('data-state', 'hidden');
    await expect(promo(page)).toBeHidden();
  });
});

test.describe('[site] beta page', () => {
  test('[site] the beta page shows the spots remaining', async ({ page }) => {
    // The count comes from the coupon call; the page's heading, steps and links are tests/site/pages.test.ts's.
    await mockCoupon(page, { total: 30, used: 12 });
    await page.goto('/beta');
    await expect(page.getByText('18 out of 30 beta spots remaining')).toBeVisible();
    await expect(page.getByText('No code needed – your free beta package will be automatically applied at checkout!')).toBeVisible();
    await expect(page.getByText('Currently, there are no active beta testing spots available.')).toBeHidden();
  });

  test('[site] the beta page says no spot is available when all are taken', async ({ page }) => {
    await mockCoupon(page, { total: 30, used: 30 });
    await page.goto('/beta');
    await expect(page.getByText('Currently, there are no active beta testing spots available.')).toBeVisible();
    await expect(page.getByText(/beta spots remaining/)).toBeHidden();
  });
});

test.describe('[site] login page', () => {
  test('[site] with JavaScript the login page shows its form and no JavaScript notice', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email address')).toBeEnabled();
    await expect(page.getByText('Signing in needs JavaScript')).toBeHidden();
  });
});
