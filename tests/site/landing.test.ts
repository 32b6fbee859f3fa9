import { describe, expect, it } from 'vitest';
import { packageOf, priceLabel } from '../support/prices';
import { allByRole, byRole, bySelector, byText, expectShown, page, readableText, siteServerForFile, textOf } from './helpers';

/** The landing page as built: what its HTML says. Its scripts (the tabs, the rotator, the promo banner, sign-in links) and its layout are tests/e2e/site.spec.ts's. */
const app = siteServerForFile();

const landing = () => page('/');

describe('[site] landing page', () => {
  it('[site] the landing page has its header, hero and footer', () => {
    expectShown(byRole(byRole(landing(), 'banner'), 'link', { name: 'Dashboard' }));
    expectShown(byRole(landing(), 'heading', { level: 1 }));
    expectShown(byRole(landing(), 'link', { name: 'Get Started' }));
    expect(byRole(byRole(landing(), 'contentinfo'), 'link', { name: /Terms/ }).getAttribute('target')).toBe('_blank');
  });

  it('[site] shows the header anchors, the pages and the Dashboard button', () => {
    const header = byRole(landing(), 'banner');
    // The desktop menu and the phone menu hold the same links; which one a width shows is the stylesheet's
    // (tests/e2e/site.spec.ts), so both are checked here.
    const menus = allByRole(header, 'navigation', { name: 'Main', exact: true });
    expect(menus).toHaveLength(2);
    for (const menu of menus) {
      for (const [name, href] of [
        ['How It Works', '/#how-it-works'],
        ['Comparison', '/#comparison'],
        ['Examples', '/#examples'],
        ['Contact', '/contact'],
        ['About', '/about'],
      ]) {
        expect(byRole(menu, 'link', { name, exact: true }).getAttribute('href'), name).toBe(href);
      }
    }
    // No demo video is set in the site's content, so nothing links to a Demo section.
    expect(allByRole(header, 'link', { name: 'Demo', exact: true })).toHaveLength(0);
    expect(byRole(header, 'link', { name: 'Dashboard' }).getAttribute('href')).toBe('/login?source=header');
  });

  it('[site] shows the hero with Get Started, View Examples and the hero art', () => {
    expectShown(byRole(landing(), 'heading', { level: 1, name: 'Professional portraits without the photo shoot' }));
    expect(byRole(landing(), 'link', { name: 'Get Started' }).getAttribute('href')).toBe('/login?source=hero');
    expect(byRole(landing(), 'link', { name: 'View Examples' }).getAttribute('href')).toBe('/#examples');
    const art = byRole(landing(), 'img', { name: 'A collage of AI-generated professional portraits in different styles' });
    // Made by the build from the content's hero image (src/content/site): a WebP for old browsers (the
    // AVIF copy the browser picks is checked in tests/e2e/site.spec.ts).
    expect(art.getAttribute('src')).toMatch(/^\/_astro\/hero\.\w+\.webp$/);
    expect(art.getAttribute('fetchpriority')).toBe('high');
  });

  it('[site] states every marketing claim of the product', () => {
    // The text of the page with every FAQ answer open, as a visitor can read it.
    const text = readableText(byRole(landing(), 'main'));
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

  it('[site] shows the sections in the order of the spec', () => {
    const headings = allByRole(byRole(landing(), 'main'), 'heading', { level: 2 }).map((heading) => heading.textContent);
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

  it('[site] links the product-launch directory in a Featured on strip', () => {
    const strip = byRole(landing(), 'region', { name: 'Featured on' });
    const badge = byRole(strip, 'link', { name: /Product Hunt/ });
    expect(badge.getAttribute('href')).toMatch(/^https:\/\//);
    expect(badge.getAttribute('target')).toBe('_blank');
  });

  it('[site] explains How It Works in three steps', () => {
    const section = bySelector(landing(), '#how-it-works');
    expect(allByRole(section, 'listitem')).toHaveLength(3);
    for (const step of ['Choose your style', 'Upload your photos', 'Get your portraits']) {
      expectShown(byRole(section, 'heading', { name: step }));
    }
  });

  it('[site] offers 17 styles in the gallery, General Professional chosen first', () => {
    const gallery = bySelector(landing(), '#examples');
    expect(allByRole(gallery, 'tab')).toHaveLength(17);
    expect(byRole(gallery, 'tab', { name: 'General Professional' }).getAttribute('aria-selected')).toBe('true');
  });

  it('[site] compares with traditional photography', () => {
    const table = byRole(bySelector(landing(), '#comparison'), 'table');
    expectShown(byRole(table, 'columnheader', { name: 'Traditional photography' }));
    expect(textOf(byRole(table, 'row', { name: /Cost/ }))).toContain('$250-$500+');
    expect(textOf(byRole(table, 'row', { name: /Time/ }))).toContain('4+ hours');
  });

  it('[site] lists the use cases', () => {
    for (const useCase of ['LinkedIn', 'Resume', 'Email signature', 'Social media', 'Company website', 'Speaking']) {
      expectShown(byRole(landing(), 'heading', { name: useCase, exact: true }));
    }
  });

  it('[site] shows the four packages with their prices and contents', () => {
    const pricing = bySelector(landing(), '#pricing');
    const cards = allByRole(pricing, 'listitem');
    const card = (name: string) => {
      const found = cards.filter((item) => allByRole(item, 'heading', { name, exact: true }).length > 0);
      expect(found, name).toHaveLength(1);
      return found[0];
    };
    const text = (name: string) => textOf(card(name));
    // The beta card carries the name the beta page tells visitors to choose.
    const beta = text('Beta Tester Package');
    expect(beta).toContain(priceLabel('beta'));
    expect(beta).toContain('Limited to specific users');
    expect(beta).toContain('20 pictures');
    expect(beta).toContain('Random poses and combinations');
    expect(beta).toContain('4 hours delivery');
    expect(byRole(card('Beta Tester Package'), 'link', { name: 'Join Beta for Free' }).getAttribute('href')).toBe('/beta');
    expect(text('Basic')).toContain(priceLabel('basic'));
    expect(text('Basic')).toContain('48 hours response');
    expect(text('Pro')).toContain(priceLabel('pro'));
    expect(text('Pro')).toContain('Most popular');
    expect(text('Pro')).toContain('1 hour delivery');
    expect(text('Executive')).toContain(priceLabel('executive'));
    expect(text('Executive')).toContain('Best value');
    for (const line of ['100 pictures', '40 poses', '40 combinations', '4 hours response', 'Ultra high quality', '2x image size']) {
      expect(text('Executive')).toContain(line);
    }
    expect(byRole(card('Pro'), 'link', { name: 'Choose Pro' }).getAttribute('href')).toBe('/login?source=pricing');
    expectShown(byText(pricing, '7-day money-back guarantee'));
  });

  it('[site] shows testimonials and the privacy promises', () => {
    expectShown(byRole(landing(), 'heading', { name: 'What our customers say' }));
    const privacy = bySelector(landing(), '#privacy');
    expectShown(byRole(privacy, 'heading', { name: 'Selfies deleted after processing' }));
    expectShown(byText(privacy, 'deleted automatically 30 days after delivery'));
    expectShown(byRole(privacy, 'heading', { name: 'Secure payments with Stripe' }));
  });

  it('[site] shows no demo section while the content sets no demo video', async () => {
    // The player itself is covered by tests/unit/site/demo-video.test.ts, and a configured video by
    // tests/faults/site-content.test.ts.
    expect(landing().querySelectorAll('#demo')).toHaveLength(0);
    expect(allByRole(landing(), 'heading', { name: 'See it in action' })).toHaveLength(0);
    expect((await app.inject('/videos/demo.mp4')).statusCode).toBe(404);
  });

  it('[site] has every footer link the content sets, with Terms, Refund and Contact in new tabs', () => {
    const footer = byRole(landing(), 'contentinfo');
    for (const name of ['About', 'Pricing', 'Contact', 'Examples', 'Privacy', 'Terms', 'Refund', 'Cookies', 'YouTube', 'Discord']) {
      expectShown(byRole(footer, 'link', { name: new RegExp(`^${name}`) }));
    }
    // Tutorials leads to the demo video and Blog to the blog: the default content sets neither.
    for (const name of ['Tutorials', 'Blog']) expect(allByRole(footer, 'link', { name: new RegExp(`^${name}`) }), name).toHaveLength(0);
    for (const name of ['Terms', 'Refund', 'Contact']) {
      expect(byRole(footer, 'link', { name: new RegExp(`^${name}`) }).getAttribute('target'), name).toBe('_blank');
    }
    expect(byRole(footer, 'link', { name: /^Privacy/ }).getAttribute('target')).not.toBe('_blank');
  });
});
