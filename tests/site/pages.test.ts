import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byRole, byText, expectShown, parse, siteServer } from './helpers';

/** The beta, about, contact and 404 pages as built. The beta page's seat count comes from a call: tests/e2e/site.spec.ts. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await siteServer();
});
afterAll(async () => {
  await app.close();
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
