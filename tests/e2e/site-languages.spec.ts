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
 * Read in the browser rather than from dist/: scripts write some of the text (the offer banner's line,
 * the beta page's seats, the sign-in form), and innerText's lines follow the layout. The refund rule and
 * the beta package's name, which the built pages show as they are, are tests/site/languages.test.ts's.
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
