import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, localizePath, type Language } from '../../src/shared/i18n';
import { allByRole, byRole, bySelector, expectNotToContainText, expectShown, expectToContainText, page, siteServerForFile, textOf } from './helpers';

/**
 * Each language's pages as built: their words, tags and links. Switching languages (the menu, the
 * stored language's redirect) and the check that no English is left over on a page a script has filled
 * in are tests/e2e/site-i18n.spec.ts's and tests/e2e/site-languages.spec.ts's.
 */
const app = siteServerForFile();

describe('[site] languages', () => {
  it('[site] the French copy of a page is in French', () => {
    expect(page('/fr').documentElement.getAttribute('lang')).toBe('fr');
    expectShown(byRole(page('/fr'), 'link', { name: 'Commencer' }));
  });

  it('[site] the French landing page is translated throughout', () => {
    const landing = page('/fr');
    expectShown(byRole(landing, 'heading', { name: 'Comment ça marche' }));
    expectShown(byRole(landing, 'heading', { name: 'Des tarifs simples, en paiement unique' }));
    expect(byRole(bySelector(landing, '#pricing'), 'link', { name: 'Rejoindre la bêta gratuitement' }).getAttribute('href')).toBe('/fr/beta');
    expectShown(byRole(bySelector(landing, '#examples'), 'tab', { name: 'Santé' }));
    expectShown(byRole(byRole(landing, 'banner'), 'link', { name: 'Tableau de bord' }));
  });

  it('[site] each page has its own title, description and sharing tags in each language', () => {
    const contact = page('/fr/contact');
    expect(contact.title).toBe('Contact | Portrait Studio');
    expect(bySelector(contact, 'meta[name="description"]').getAttribute('content')).toMatch(/Contactez l'équipe Portrait Studio/);
    const about = page('/de/about');
    expect(about.title).toBe('Über uns | Portrait Studio');
    expect(bySelector(about, 'meta[property="og:image"]').getAttribute('content')).toMatch(/^http:\/\/localhost:\d+\/_astro\/social\.\w+\.png$/);
    expect(bySelector(about, 'meta[property="og:locale"]').getAttribute('content')).toBe('de_DE');
    expect(bySelector(about, 'meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    expect(bySelector(about, 'link[rel="alternate"][hreflang="ja"]').getAttribute('href')).toMatch(/\/jp\/about$/);
    expect(bySelector(about, 'link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
  });

  it('[site] robots.txt and the sitemap list the public pages only', async () => {
    const robots = (await app.inject('/robots.txt')).body;
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /v1');
    expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
    expect((await app.inject('/sitemap-index.xml')).statusCode).toBe(200);
    const sitemap = (await app.inject('/sitemap-0.xml')).body;
    for (const pagePath of ['/about', '/beta', '/contact', '/fr/about', '/jp/beta']) expect(sitemap).toContain(`${pagePath}</loc>`);
    expect(sitemap).not.toContain('/dashboard');
    expect(sitemap).not.toContain('/404');
    expect(sitemap).not.toContain('/es');
  });
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

/** The items of `region` that hold an element of `role` named `name` (Playwright's `filter({ has })`). */
function itemsHolding(items: HTMLElement[], role: 'heading' | 'link', name: string): HTMLElement[] {
  return items.filter((item) => allByRole(item, role, { name }).length > 0);
}

describe('[site] one refund rule', () => {
  for (const language of LANGUAGES) {
    it(`[site] ${language.name}: pricing, FAQ and refund policy state the same refund rule`, () => {
      const rule = REFUND_RULE[language.code];
      const words = bundle(language.code);
      const landing = page(localizePath('/', language.code));

      const pricing = byRole(landing, 'region', { name: words.pricing.title });
      expectToContainText(pricing, rule.window);
      expectToContainText(pricing, rule.processing);

      const faq = byRole(landing, 'region', { name: words.faq.title });
      // The question the browser suite clicked to open its answer, there once.
      byRole(faq, 'heading', { name: words.faq.refund.q });
      const answers = itemsHolding(allByRole(faq, 'group'), 'heading', words.faq.refund.q);
      expect(answers).toHaveLength(1);
      expectToContainText(answers[0], rule.window);
      expectToContainText(answers[0], rule.processing);
      expectNotToContainText(byRole(landing, 'main'), rule.stale);

      const policy = byRole(page(localizePath('/refund', language.code)), 'main');
      expectToContainText(policy, rule.window);
      expectToContainText(policy, rule.processing);
      expectNotToContainText(policy, rule.stale);
    });
  }
});

describe('[site] one name for the beta package', () => {
  for (const language of LANGUAGES) {
    it(`[site] ${language.name}: the beta page tells visitors to choose the package the pricing card names`, () => {
      const words = bundle(language.code);
      const pricing = byRole(page(localizePath('/', language.code)), 'region', { name: words.pricing.title });
      const cards = itemsHolding(allByRole(pricing, 'listitem'), 'link', words.packages.beta.button);
      expect(cards).toHaveLength(1);
      const name = byRole(cards[0], 'heading', { level: 3 }).textContent?.trim() ?? '';
      expect(name).not.toBe('');

      const steps = allByRole(byRole(page(localizePath('/beta', language.code)), 'region', { name: words.beta.stepsTitle }), 'listitem');
      expect(textOf(steps[steps.length - 1])).toContain(name);
    });
  }
});
