import { describe, expect, it } from 'vitest';
import { allByRole, byRole, byText, containInOrder, expectShown, page, parse, siteServerForFile, textOf } from './helpers';

/** The beta, about, contact and 404 pages as built. The beta page's seat count comes from a call: tests/e2e/site.spec.ts. */
const app = siteServerForFile();

describe('[site] beta page', () => {
  it('[site] the beta page shows how to join', () => {
    const beta = page('/beta');
    expectShown(byRole(beta, 'heading', { level: 1, name: 'Become one of our 30 beta testers' }));
    expectShown(byRole(beta, 'heading', { name: 'A letter from our founder' }));
    const steps = allByRole(byRole(beta, 'region', { name: 'How to join' }), 'listitem');
    const joining = ['Start a new order from your dashboard.', 'Pick the portrait style you like.', "Choose the 'Beta Tester Package'."];
    expect(containInOrder(steps, joining), steps.map(textOf).join(' | ')).toBe(true);
    expect(byRole(beta, 'link', { name: 'Start Now' }).getAttribute('href')).toBe('/dashboard/newOrder?type=beta');
    const feedback = byRole(beta, 'link', { name: /^Feedback/ });
    expect(feedback.getAttribute('href')).toMatch(/^https:\/\//);
    expect(feedback.getAttribute('target')).toBe('_blank');
  });
});

describe('[site] about and contact', () => {
  it('[site] the about page tells the story, values, team and stats', () => {
    const about = page('/about');
    expect(about.title).toBe('About us | Portrait Studio');
    expectShown(byRole(about, 'heading', { level: 1, name: 'About Portrait Studio' }));
    expectShown(byText(about, 'Portrait Studio was founded in 2025'));
    for (const value of ['Innovation', 'Privacy First', 'User-Centric']) expectShown(byRole(about, 'heading', { name: value }));
    expectShown(byRole(about, 'heading', { name: 'Meet the team' }));
    expectShown(byRole(about, 'heading', { name: 'Alex Morgan' }));
    const stats = byRole(about, 'region', { name: 'Portrait Studio in numbers' });
    for (const [value, label] of [
      ['1M+', 'portraits generated'],
      ['50K+', 'customers'],
      ['20+', 'AI models'],
      ['99%', 'satisfaction'],
    ]) {
      expectShown(byText(stats, value, { exact: true }));
      expectShown(byText(stats, label, { exact: true }));
    }
  });

  it('[site] the contact page links the chat community and the support address', () => {
    const contact = page('/contact');
    expect(contact.title).toBe('Contact | Portrait Studio');
    expectShown(byRole(contact, 'heading', { level: 1, name: 'Contact us' }));
    expectShown(byText(contact, "We'll get back to you within 24 hours"));
    expect(byRole(contact, 'link', { name: /Join us on Discord/ }).getAttribute('href')).toMatch(/discord/);
    expect(byRole(contact, 'link', { name: 'support@portrait-studio.example' }).getAttribute('href')).toBe('mailto:support@portrait-studio.example');
  });
});

describe('[site] not found', () => {
  it('[site] an unknown path shows the 404 page with status 404 and a way home', async () => {
    const response = await app.inject('/nope');
    expect(response.statusCode).toBe(404);
    const notFound = parse(response.body);
    expect(notFound.title).toMatch(/404 - Page not found/);
    expectShown(byRole(notFound, 'heading', { name: '404 - Page not found' }));
    expectShown(byText(notFound, "Sorry, we couldn't find the page you're looking for."));
    // A plain link: following it is the browser's own doing, no script of ours.
    expect(byRole(notFound, 'link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
