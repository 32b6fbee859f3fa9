import { expect, test, type Page } from '@playwright/test';
import { packageOf, priceLabel } from '../support/prices';

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
  test('[site] shows the header anchors, the pages and the Dashboard button', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    for (const [name, href] of [
      ['How It Works', '/#how-it-works'],
      ['Comparison', '/#comparison'],
      ['Examples', '/#examples'],
      ['Contact', '/contact'],
      ['About', '/about'],
    ]) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // No demo video is set in the site's content, so nothing links to a Demo section.
    await expect(header.getByRole('link', { name: 'Demo', exact: true })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/login?source=header');
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

  test('[site] shows the hero with Get Started, View Examples and the hero art', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Professional portraits without the photo shoot' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login?source=hero');
    await expect(page.getByRole('link', { name: 'View Examples' })).toHaveAttribute('href', '/#examples');
    const art = page.getByRole('img', { name: 'A collage of AI-generated professional portraits in different styles' });
    // Made by the build from the content's hero image (src/content/site): a WebP for old browsers...
    await expect(art).toHaveAttribute('src', /^\/_astro\/hero\.\w+\.webp$/);
    await expect(art).toHaveAttribute('fetchpriority', 'high');
    // ...and the responsive AVIF copy sized for the screen, which the browser shows.
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/_astro\/hero\.\w+\.avif$/);
  });

  test('[site] states every marketing claim of the product', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    for (const summary of await main.locator('#faq summary').all()) await summary.click();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text a visitor sees
    const text = await main.innerText();
    for (const claim of [
      'First portraits in about 15 minutes',
      '10+ studio-quality portraits',
      `Starting at ${priceLabel('beta')} for ${packageOf('beta').portraits} portraits`,
      `A refresh for ${priceLabel('refresh')}`,
      '20+ styles and 50+ backgrounds',
      'Upload 6 to 10 clear photos from different angles',
      '7-day money-back guarantee',
      '30% off your first order with code FIRST30',
      '30 beta testers',
      'no card needed',
    ]) {
      expect(text, claim).toContain(claim);
    }
  });

  test('[site] shows the sections in the order of the spec', async ({ page }) => {
    await page.goto('/');
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Fresh from the studio',
      'Featured on',
      'How It Works',
      'Explore our styles',
      'Skip the photo studio',
      'Why choose Portrait Studio',
      'Portraits for every purpose',
      'Simple, one-time pricing',
      'What our customers say',
      'Your privacy comes first',
      'Frequently asked questions',
      'Ready for your new portrait?',
    ]);
  });

  test('[site] links the product-launch directory in a Featured on strip', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Featured on' });
    const badge = strip.getByRole('link', { name: /Product Hunt/ });
    await expect(badge).toHaveAttribute('href', /^https:\/\//);
    await expect(badge).toHaveAttribute('target', '_blank');
  });

  test('[site] explains How It Works in three steps', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#how-it-works');
    await expect(section.getByRole('listitem')).toHaveCount(3);
    for (const step of ['Choose your style', 'Upload your photos', 'Get your portraits']) {
      await expect(section.getByRole('heading', { name: step })).toBeVisible();
    }
  });

  test('[site] shows a style theme with its examples and call to action when its button is clicked', async ({ page }) => {
    await page.goto('/');
    const gallery = page.locator('#examples');
    await expect(gallery.getByRole('tab')).toHaveCount(17);
    await expect(gallery.getByRole('tab', { name: 'General Professional' })).toHaveAttribute('aria-selected', 'true');

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

  test('[site] compares with traditional photography', async ({ page }) => {
    await page.goto('/');
    const table = page.locator('#comparison').getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Traditional photography' })).toBeVisible();
    await expect(table.getByRole('row', { name: /Cost/ })).toContainText('$250-$500+');
    await expect(table.getByRole('row', { name: /Time/ })).toContainText('4+ hours');
  });

  test('[site] lists the use cases', async ({ page }) => {
    await page.goto('/');
    for (const useCase of ['LinkedIn', 'Resume', 'Email signature', 'Social media', 'Company website', 'Speaking']) {
      await expect(page.getByRole('heading', { name: useCase, exact: true })).toBeVisible();
    }
  });

  test('[site] shows the four packages with their prices and contents', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    const card = (name: string) => pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    // The beta card carries the name the beta page tells visitors to choose.
    const beta = card('Beta Tester Package');
    await expect(beta).toContainText(priceLabel('beta'));
    await expect(beta).toContainText('Limited to specific users');
    await expect(beta).toContainText('20 pictures');
    await expect(beta).toContainText('Random poses and combinations');
    await expect(beta).toContainText('4 hours delivery');
    await expect(beta.getByRole('link', { name: 'Join Beta for Free' })).toHaveAttribute('href', '/beta');
    await expect(card('Basic')).toContainText(priceLabel('basic'));
    await expect(card('Basic')).toContainText('48 hours response');
    await expect(card('Pro')).toContainText(priceLabel('pro'));
    await expect(card('Pro')).toContainText('Most popular');
    await expect(card('Pro')).toContainText('1 hour delivery');
    await expect(card('Executive')).toContainText(priceLabel('executive'));
    await expect(card('Executive')).toContainText('Best value');
    for (const line of ['100 pictures', '40 poses', '40 combinations', '4 hours response', 'Ultra high quality', '2x image size']) {
      await expect(card('Executive')).toContainText(line);
    }
    await expect(card('Pro').getByRole('link', { name: 'Choose Pro' })).toHaveAttribute('href', '/login?source=pricing');
    await expect(pricing.getByText('7-day money-back guarantee')).toBeVisible();
  });

  test('[site] shows testimonials, the privacy promises and the FAQ answers', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
    const privacy = page.locator('#privacy');
    await expect(privacy.getByRole('heading', { name: 'Selfies deleted after processing' })).toBeVisible();
    await expect(privacy.getByText('deleted automatically 30 days after delivery')).toBeVisible();
    await expect(privacy.getByRole('heading', { name: 'Secure payments with Stripe' })).toBeVisible();

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

  test('[site] shows no demo section while the content sets no demo video', async ({ page }) => {
    // The player itself is covered by tests/unit/site/demo-video.test.ts, and a configured video by
    // tests/faults/site-content.test.ts.
    await page.goto('/');
    await expect(page.locator('#demo')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'See it in action' })).toHaveCount(0);
    await expect(page.request.get('/videos/demo.mp4').then((r) => r.status())).resolves.toBe(404);
  });

  test('[site] has every footer link the content sets, with Terms, Refund and Contact in new tabs', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['About', 'Pricing', 'Contact', 'Examples', 'Privacy', 'Terms', 'Refund', 'Cookies', 'YouTube', 'Discord']) {
      await expect(footer.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    // Tutorials leads to the demo video and Blog to the blog: the default content sets neither.
    for (const name of ['Tutorials', 'Blog']) await expect(footer.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveCount(0);
    for (const name of ['Terms', 'Refund', 'Contact']) {
      await expect(footer.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('target', '_blank');
    }
    await expect(footer.getByRole('link', { name: /^Privacy/ })).not.toHaveAttribute('target', '_blank');
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
  test('[site] the beta page shows the spots remaining and how to join', async ({ page }) => {
    await mockCoupon(page, { total: 30, used: 12 });
    await page.goto('/beta');
    await expect(page.getByRole('heading', { level: 1, name: 'Become one of our 30 beta testers' })).toBeVisible();
    await expect(page.getByText('18 out of 30 beta spots remaining')).toBeVisible();
    await expect(page.getByText('No code needed – your free beta package will be automatically applied at checkout!')).toBeVisible();
    await expect(page.getByText('Currently, there are no active beta testing spots available.')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'A letter from our founder' })).toBeVisible();
    const steps = page.getByRole('region', { name: 'How to join' }).getByRole('listitem');
    await expect(steps).toContainText(['Start a new order from your dashboard.', 'Pick the portrait style you like.', "Choose the 'Beta Tester Package'."]);
    await expect(page.getByRole('link', { name: 'Start Now' })).toHaveAttribute('href', '/dashboard/newOrder?type=beta');
    const feedback = page.getByRole('link', { name: /^Feedback/ });
    await expect(feedback).toHaveAttribute('href', /^https:\/\//);
    await expect(feedback).toHaveAttribute('target', '_blank');
  });

  test('[site] the beta page says no spot is available when all are taken', async ({ page }) => {
    await mockCoupon(page, { total: 30, used: 30 });
    await page.goto('/beta');
    await expect(page.getByText('Currently, there are no active beta testing spots available.')).toBeVisible();
    await expect(page.getByText(/beta spots remaining/)).toBeHidden();
  });
});

test.describe('[site] about and contact', () => {
  test('[site] the about page tells the story, values, team and stats', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About us | Portrait Studio');
    await expect(page.getByRole('heading', { level: 1, name: 'About Portrait Studio' })).toBeVisible();
    await expect(page.getByText('Portrait Studio was founded in 2025')).toBeVisible();
    for (const value of ['Innovation', 'Privacy First', 'User-Centric']) await expect(page.getByRole('heading', { name: value })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meet the team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Alex Morgan' })).toBeVisible();
    const stats = page.getByRole('region', { name: 'Portrait Studio in numbers' });
    for (const [value, label] of [
      ['1M+', 'portraits generated'],
      ['50K+', 'customers'],
      ['20+', 'AI models'],
      ['99%', 'satisfaction'],
    ]) {
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('[site] the contact page links the chat community and the support address', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle('Contact | Portrait Studio');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours")).toBeVisible();
    await expect(page.getByRole('link', { name: /Join us on Discord/ })).toHaveAttribute('href', /discord/);
    await expect(page.getByRole('link', { name: 'support@portrait-studio.example' })).toHaveAttribute('href', 'mailto:support@portrait-studio.example');
  });
});

test.describe('[site] login page', () => {
  test('[site] with JavaScript the login page shows its form and no JavaScript notice', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email address')).toBeEnabled();
    await expect(page.getByText('Signing in needs JavaScript')).toBeHidden();
  });
});
