import { describe, expect, it } from 'vitest';
import { priceLabel } from '../support/prices';
import { byRole, bySelector, byText, expectShown, page, textOf } from './helpers';

/**
 * What a visitor without JavaScript gets is the built HTML itself. What the stylesheet shows or hides
 * only without JavaScript (the phone menu, the offer banner, the beta note) is tests/e2e/site-nojs.spec.ts's.
 */
describe('[site] without JavaScript', () => {
  it('[site] the landing page shows its hero, styles and pricing without JavaScript', () => {
    const landing = page('/');
    expectShown(byRole(landing, 'heading', { level: 1, name: 'Professional portraits without the photo shoot' }));
    expect(byRole(landing, 'link', { name: 'Get Started' }).getAttribute('href')).toBe('/login?source=hero');
    expectShown(byRole(byRole(landing, 'tabpanel'), 'heading', { name: 'General Professional' }));
    const pricing = bySelector(landing, '#pricing');
    expectShown(byText(pricing, priceLabel('pro')));
    expectShown(byRole(pricing, 'link', { name: 'Join Beta for Free' }));
  });

  it('[site] the beta, about and contact pages show their content without JavaScript', () => {
    const beta = page('/beta');
    expectShown(byRole(beta, 'heading', { level: 1, name: 'Become one of our 30 beta testers' }));
    expectShown(byText(beta, 'Start a new order from your dashboard.'));
    expect(byRole(beta, 'link', { name: 'Start Now' }).getAttribute('href')).toBe('/dashboard/newOrder?type=beta');

    const about = page('/about');
    expectShown(byRole(about, 'heading', { level: 1, name: 'About Portrait Studio' }));
    expectShown(byText(about, '1M+'));

    const contact = page('/contact');
    expectShown(byText(contact, "We'll get back to you within 24 hours"));
    expectShown(byRole(contact, 'link', { name: 'support@portrait-studio.example' }));
  });

  it('[site] the login page says that signing in needs JavaScript', () => {
    // In a <noscript>: shown exactly when scripts do not run.
    expect(textOf(byRole(page('/login'), 'alert'))).toBe('Signing in needs JavaScript. Please turn it on in your browser and reload this page.');
    expect(textOf(byRole(page('/jp/login'), 'alert'))).toBe(
      'ログインにはJavaScriptが必要です。ブラウザでJavaScriptを有効にしてから、このページを再読み込みしてください。',
    );
  });

  it('[site] the French pages work without JavaScript too', () => {
    expectShown(byRole(page('/fr/contact'), 'heading', { level: 1, name: 'Contactez-nous' }));
  });
});
