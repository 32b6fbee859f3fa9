// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginHref } from '@/i18n/paths';
import { applyAuthLinks, dashboardHref, isSignedIn, keepLanguageOnTheWayIn, rememberPageLanguage } from '@/islands/auth-links';

const respond = (status: number, json: unknown) => vi.fn(async () => new Response(JSON.stringify(json), { status }));

describe('[site] auth-aware links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends a visitor to the login page in the page's language and a signed-in user to the dashboard, with the source", () => {
    expect(loginHref('hero', 'us')).toBe('/login?source=hero');
    expect(loginHref('hero', 'jp')).toBe('/jp/login?source=hero');
    expect(dashboardHref('pricing')).toBe('/dashboard?source=pricing');
  });

  it.each([
    ['200 with code 0', respond(200, { code: 0, message: 'ok', data: { nickName: 'A' } }), true],
    ['401', respond(401, { code: 401, message: 'Please log in' }), false],
    ['404 (no such call yet)', respond(404, { code: 404, message: 'No such call' }), false],
    ['200 with a non-zero code', respond(200, { code: 1, message: 'no' }), false],
    ['a network error', vi.fn(async () => Promise.reject(new TypeError('offline'))), false],
  ])('a user info answer of %s means signed in = %s', async (_label, fetchImpl, expected) => {
    vi.stubGlobal('fetch', fetchImpl);
    expect(await isSignedIn()).toBe(expected);
    expect(fetchImpl).toHaveBeenCalledWith('/v1/user/info', expect.objectContaining({ credentials: 'include' }));
  });

  it('rewrites every marked link and leaves the others', () => {
    document.body.innerHTML = `
      <a id="h" data-auth-link="header" href="/login?source=header">Dashboard</a>
      <a id="g" data-auth-link="gallery" href="/login?source=gallery">Create</a>
      <a id="o" href="/about">About</a>`;
    applyAuthLinks(document);
    expect(document.getElementById('h')!.getAttribute('href')).toBe('/dashboard?source=header');
    expect(document.getElementById('g')!.getAttribute('href')).toBe('/dashboard?source=gallery');
    expect(document.getElementById('o')!.getAttribute('href')).toBe('/about');
  });
});

describe("[site] the page's language goes with the visitor into the sign-in and the dashboard", () => {
  beforeEach(() => {
    // What BaseLayout writes on <html>.
    document.documentElement.dataset.languageKey = 'language';
  });
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.language;
  });

  it('stores the language of the page when a sign-in or dashboard link is followed, and only then', () => {
    document.documentElement.dataset.language = 'kr';
    document.body.innerHTML = `
      <a id="about" href="/kr/about">About</a>
      <a id="start" href="/kr/login?source=hero">Get Started</a>
      <a id="beta" href="/dashboard/newOrder?type=beta"><span id="inner">Start Now</span></a>`;
    keepLanguageOnTheWayIn(document);
    const follow = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    follow('about');
    expect(localStorage.getItem('language')).toBeNull();
    follow('start');
    expect(localStorage.getItem('language')).toBe('kr');
    localStorage.clear();
    follow('inner');
    expect(localStorage.getItem('language')).toBe('kr');
  });

  it('stores the language at once on a sign-in page, where a mailed link may open in a new browser', () => {
    document.documentElement.dataset.language = 'kr';
    history.replaceState(null, '', '/kr/login/verify?token=x');
    keepLanguageOnTheWayIn(document);
    expect(localStorage.getItem('language')).toBe('kr');
    localStorage.clear();
    history.replaceState(null, '', '/kr/about');
    keepLanguageOnTheWayIn(document);
    expect(localStorage.getItem('language')).toBeNull();
  });

  it('stores the page language on a sign-in page, and nothing for a page that does not say its language', () => {
    document.documentElement.dataset.language = 'jp';
    rememberPageLanguage(document);
    expect(localStorage.getItem('language')).toBe('jp');
    localStorage.clear();
    delete document.documentElement.dataset.language;
    rememberPageLanguage(document);
    expect(localStorage.getItem('language')).toBeNull();
  });
});
