// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { applyAuthLinks, authHref, isSignedIn } from '@/islands/auth-links';

const respond = (status: number, json: unknown) => vi.fn(async () => new Response(JSON.stringify(json), { status })) as unknown as typeof fetch;

describe('[site] auth-aware links', () => {
  it('sends a visitor to the login page and a signed-in user to the dashboard, with the source', () => {
    expect(authHref('hero', false)).toBe('/login?source=hero');
    expect(authHref('pricing', true)).toBe('/dashboard?source=pricing');
  });

  it.each([
    ['200 with code 0', respond(200, { code: 0, message: 'ok', data: { nickName: 'A' } }), true],
    ['401', respond(401, { code: 401, message: 'Please log in' }), false],
    ['404 (no such call yet)', respond(404, { code: 404, message: 'No such call' }), false],
    ['200 with a non-zero code', respond(200, { code: 1, message: 'no' }), false],
    ['a network error', vi.fn(async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch, false],
  ])('a user info answer of %s means signed in = %s', async (_label, fetchImpl, expected) => {
    expect(await isSignedIn(fetchImpl)).toBe(expected);
  });

  it('rewrites every marked link and leaves the others', () => {
    document.body.innerHTML = `
      <a id="h" data-auth-link="header" href="/login?source=header">Dashboard</a>
      <a id="g" data-auth-link="gallery" href="/login?source=gallery">Create</a>
      <a id="o" href="/about">About</a>`;
    applyAuthLinks(document, true);
    expect(document.getElementById('h')!.getAttribute('href')).toBe('/dashboard?source=header');
    expect(document.getElementById('g')!.getAttribute('href')).toBe('/dashboard?source=gallery');
    expect(document.getElementById('o')!.getAttribute('href')).toBe('/about');
  });
});
