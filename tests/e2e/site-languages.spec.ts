import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, localizePath, type Language } from '../../src/shared/i18n';

/** The pages every language must translate in full: the landing page, the beta and login pages and the four policies. */
const PAGES = ['/', '/beta', '/login', '/refund', '/privacy', '/terms', '/cookies'];
const TRANSLATED = LANGUAGES.filter((l) => l.code !== 'us');

/**
 * What a translated page may show exactly as the English page does. Keep it short: any other line or
 * text the same as in English is a string someone forgot to translate.
 */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([
  // Names: the site's, other companies' and services', and people's (the founder, the testimonials).
  'Portrait Studio',
  'Google',
  'Microsoft',
  'Product Hunt',
  'LinkedIn',
  'YouTube',
  'Discord',
  'Stripe',
  'Astria',
  'Alex Morgan',
  'Sarah K.',
  'David M.',
  'Priya Shah',
  'Mei Lin',
  'Lucas Meyer',
  'Aiko T.',
  // Package and style names that are names rather than words.
  'Pro',
  'Executive',
  'Old Money',
  'Glamour',
  'Halloween',
  // The browser storage keys the cookie policy lists.
  'language',
  'sidebar:state',
  // The language menu names each language in that language.
  ...LANGUAGES.map((l) => l.name),
]);

/** Words spelled the same in a language and right there (French "Contact", German "Blog"). */
const SAME_WORD: Partial<Record<Language, RegExp>> = {
  fr: /^(Contact|Blog|Cookies|Type|Sessions|Promotions|\d+ poses)$/,
  de: /^(Dashboard|Blog|Cookies|Community|Fantasy)$/,
};

/** No word in it (prices, numbers such as 1M+ or 99%, initials, punctuation), an email address, or a code such as FIRST30. */
const NOT_PROSE = [/^(?!.*\p{L}{3})/u, /^[^\s@]+@[^\s@]+\.[a-z]+$/, /^[A-Z]+\d+$/];

function mayStayEnglish(text: string, language: Language): boolean {
  return SAME_IN_EVERY_LANGUAGE.has(text) || (SAME_WORD[language]?.test(text) ?? false) || NOT_PROSE.some((pattern) => pattern.test(text));
}

/**
 * The text a visitor reads on a page: the lines of the page's rendered text and, finer, each visible
 * text node (a link's words inside a sentence). Every FAQ answer and every style of the gallery is
 * text a visitor can open, so they are all shown first; the page's calls have answered (nothing busy).
 */
async function visibleTexts(page: Page, url: string): Promise<Set<string>> {
  await page.goto(url);
  // The page itself, not the stored language's copy of it (the language redirect).
  expect(new URL(page.url()).pathname.replace(/(.)\/$/, '$1')).toBe(url);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const texts = await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    for (const panel of document.querySelectorAll<HTMLElement>('[role="tabpanel"][hidden]')) panel.hidden = false;
    // biome-ignore lint/performance/useDomNodeTextContent: innerText is the text a visitor sees, in its lines
    const lines = document.body.innerText.split('\n');
    const nodes: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest('script, style, template') && parent.checkVisibility()) nodes.push(node.textContent ?? '');
    }
    return [...lines, ...nodes];
  });
  return new Set(texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean));
}

const english = new Map<string, Set<string>>();
async function englishTexts(page: Page, pagePath: string): Promise<Set<string>> {
  if (!english.has(pagePath)) {
    // A translated sign-in page stores its language (the dashboard then opens in it), which would send
    // this visit on to the translated copy: the English page is read as a visitor without one.
    await page.evaluate(() => localStorage.removeItem('language')).catch(() => undefined);
    english.set(pagePath, await visibleTexts(page, pagePath));
  }
  return english.get(pagePath)!;
}

test.describe('[site] every language is translated', () => {
  for (const language of TRANSLATED) {
    test(`[site] ${language.name} pages show no English left over`, async ({ page }) => {
      for (const pagePath of PAGES) {
        const inEnglish = await englishTexts(page, pagePath);
        const translated = await visibleTexts(page, localizePath(pagePath, language.code));
        const leftOver = [...translated].filter((text) => inEnglish.has(text) && !mayStayEnglish(text, language.code));
        expect.soft(leftOver, `English text on ${localizePath(pagePath, language.code)}`).toEqual([]);
      }
    });
  }
});

/**
 * The refund rule as each language's refund policy words it (7 days from purchase, processed in 3-5
 * business days), and the old wording that counted the days from delivery.
 */
const REFUND_RULE: Record<Language, { window: string | RegExp; processing: string; stale: string }> = {
  us: { window: 'within 7 days of purchase', processing: '3-5 business days', stale: 'of delivery' },
  // The policy's markdown turns the apostrophe into a typographic one.
  fr: { window: /dans les 7 jours suivant l['’]achat/, processing: '3 à 5 jours ouvrés', stale: 'suivant la livraison' },
  de: { window: 'innerhalb von 7 Tagen nach dem Kauf', processing: '3-5 Werktagen', stale: '7 Tagen nach der Lieferung' },
  jp: { window: '購入から7日以内', processing: '3～5営業日', stale: '納品から7日' },
  kr: { window: '구매 후 7일 이내', processing: '3~5 영업일', stale: '납품 후 7일' },
  cn: { window: '购买后 7 天内', processing: '3 至 5 个工作日', stale: '交付后 7 天' },
};

/** The strings of a language's bundle that name what the tests look for (section titles, a question, a button). */
function bundle(code: Language) {
  return JSON.parse(readFileSync(path.resolve('locales', `${code}.json`), 'utf8')) as {
    pricing: { title: string };
    faq: { title: string; refund: { q: string } };
    packages: { beta: { button: string } };
    beta: { stepsTitle: string };
  };
}

test.describe('[site] one refund rule', () => {
  for (const language of LANGUAGES) {
    test(`[site] ${language.name}: pricing, FAQ and refund policy state the same refund rule`, async ({ page }) => {
      const rule = REFUND_RULE[language.code];
      const words = bundle(language.code);
      await page.goto(localizePath('/', language.code));

      const pricing = page.getByRole('region', { name: words.pricing.title });
      await expect(pricing).toContainText(rule.window);
      await expect(pricing).toContainText(rule.processing);

      const faq = page.getByRole('region', { name: words.faq.title });
      await faq.getByRole('heading', { name: words.faq.refund.q }).click();
      const answer = faq.getByRole('group').filter({ has: page.getByRole('heading', { name: words.faq.refund.q }) });
      await expect(answer).toContainText(rule.window);
      await expect(answer).toContainText(rule.processing);
      await expect(page.getByRole('main')).not.toContainText(rule.stale);

      await page.goto(localizePath('/refund', language.code));
      const policy = page.getByRole('main');
      await expect(policy).toContainText(rule.window);
      await expect(policy).toContainText(rule.processing);
      await expect(policy).not.toContainText(rule.stale);
    });
  }
});

test.describe('[site] one name for the beta package', () => {
  for (const language of LANGUAGES) {
    test(`[site] ${language.name}: the beta page tells visitors to choose the package the pricing card names`, async ({ page }) => {
      const words = bundle(language.code);
      await page.goto(localizePath('/', language.code));
      const card = page
        .getByRole('region', { name: words.pricing.title })
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: words.packages.beta.button }) });
      const name = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
      expect(name).not.toBe('');

      await page.goto(localizePath('/beta', language.code));
      const steps = page.getByRole('region', { name: words.beta.stepsTitle }).getByRole('listitem');
      await expect(steps.last()).toContainText(name);
    });
  }
});
