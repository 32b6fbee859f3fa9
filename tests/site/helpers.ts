import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ByRoleMatcher, queryAllByRole } from '@testing-library/dom';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { siteRoutes } from '../../src/server/http/site';

/**
 * The built site as the browser suite gets it, read without a browser: pages are the files in dist/
 * (made fresh by tests/site/build.ts), parsed by happy-dom with no script run and no stylesheet, and
 * queried the way the Playwright specs query them. What CSS or a script decides (which copy of a menu
 * a width shows, a banner hidden until its call answers) stays in tests/e2e.
 */
export const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/** The built file the server sends for a page's path (src/server/http/site.ts): `/` is index.html, `/fr/about` fr/about/index.html. */
export function pageFile(pathname: string): string {
  const clean = pathname.replace(/^\/+|\/+$/g, '');
  return path.join(distDir, clean === '' ? 'index.html' : `${clean}/index.html`);
}

const pages = new Map<string, Document>();

/** The built page at `pathname`, parsed once per file (tests only read it). */
export function page(pathname: string): Document {
  let document = pages.get(pathname);
  if (!document) {
    document = parse(readFileSync(pageFile(pathname), 'utf8'));
    pages.set(pathname, document);
  }
  return document;
}

/**
 * An HTML answer as a document. Its stylesheets are dropped: happy-dom's reading of the site's CSS is
 * not Chromium's, so rather than let it guess, only the HTML decides what is hidden here (the `hidden`
 * attribute, `aria-hidden`), and `expectShown` refuses what the stylesheet decides.
 */
export function parse(html: string): Document {
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const sheet of document.querySelectorAll('style, link[rel="stylesheet"]')) sheet.remove();
  return document;
}

/**
 * The site's routes alone on a bare Fastify, as src/server/app.ts registers them (no database): for
 * what only the server's answer shows, a 404's status, robots.txt, the sitemaps. Started before the
 * file's tests and closed after them; `inject` answers a path.
 */
export function siteServerForFile(): { inject: (url: string) => Promise<LightMyRequestResponse> } {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await app.register(siteRoutes, { distDir, checkoutHelmet: {} });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    inject(url) {
      if (!app) throw new Error('the site server starts before the tests of its file');
      return app.inject(url);
    },
  };
}

export interface RoleQuery {
  /** As Playwright's `name`: a string matches case-insensitively anywhere in the accessible name, unless `exact`. */
  name?: string | RegExp;
  exact?: boolean;
  level?: number;
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Playwright's text matching: whitespace normalized, a string found case-insensitively anywhere unless `exact`. */
function matcher(expected: string | RegExp, exact = false): (text: string) => boolean {
  if (expected instanceof RegExp) return (text) => expected.test(normalize(text));
  const want = normalize(expected);
  return exact ? (text) => normalize(text) === want : (text) => normalize(text).toLowerCase().includes(want.toLowerCase());
}

/** Every element of `role` under `container` that the page exposes to assistive technology (Playwright's `getByRole(...).all()`). */
export function allByRole(container: ParentNode, role: ByRoleMatcher, query: RoleQuery = {}): HTMLElement[] {
  const { name, exact, level } = query;
  const matches = name === undefined ? undefined : matcher(name, exact);
  return queryAllByRole(container as HTMLElement, role, {
    ...(level === undefined ? {} : { level }),
    ...(matches ? { name: (accessibleName: string) => matches(accessibleName) } : {}),
  });
}

/** The one element of `role` under `container`, failing on none or several, as a Playwright locator is strict. */
export function byRole(container: ParentNode, role: ByRoleMatcher, query: RoleQuery = {}): HTMLElement {
  return only(allByRole(container, role, query), `role ${String(role)}${query.name === undefined ? '' : ` named ${String(query.name)}`}`);
}

/** The one element `selector` finds under `container` (Playwright's `page.locator('#pricing')`, strict). */
export function bySelector(container: ParentNode, selector: string): HTMLElement {
  return only([...container.querySelectorAll<HTMLElement>(selector)], `selector ${selector}`);
}

/** Playwright's skipped subtrees for text: scripts, styles, <noscript> and the head. */
const NOT_TEXT = 'script, style, noscript, head';

/** Text as Playwright's `getByText` reads it: an element's text, leaving out scripts, styles and <noscript>. */
function textForMatching(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === node.TEXT_NODE) text += node.textContent ?? '';
    else if (node.nodeType === node.ELEMENT_NODE && !(node as Element).matches(NOT_TEXT)) text += textForMatching(node as Element);
  }
  return text;
}

/**
 * The elements whose text matches and none of whose child elements' does (Playwright's `getByText`,
 * which finds hidden elements too: `expectShown` is its `toBeVisible()`).
 */
export function allByText(container: ParentNode, text: string | RegExp, { exact = false } = {}): HTMLElement[] {
  const matches = matcher(text, exact);
  const found: HTMLElement[] = [];
  for (const element of container.querySelectorAll<HTMLElement>('*')) {
    if (element.closest(NOT_TEXT) || !matches(textForMatching(element))) continue;
    if (![...element.children].some((child) => !child.matches(NOT_TEXT) && matches(textForMatching(child)))) found.push(element);
  }
  return found;
}

/** The one element showing `text`, failing on none or several. */
export function byText(container: ParentNode, text: string | RegExp, options: { exact?: boolean } = {}): HTMLElement {
  return only(allByText(container, text, options), `text ${String(text)}`);
}

/** An element's text as Playwright's `toHaveText` and `toContainText` compare it: textContent, whitespace normalized. */
export function textOf(element: Element): string {
  return normalize(element.textContent ?? '');
}

/** Playwright's `toContainText`: a string found in the whitespace-normalized text, a pattern in the text as it is. */
export function expectToContainText(element: Element, expected: string | RegExp): void {
  if (typeof expected === 'string') expect(textOf(element)).toContain(normalize(expected));
  else expect(element.textContent ?? '').toMatch(expected);
}

/** Playwright's `not.toContainText`. */
export function expectNotToContainText(element: Element, expected: string | RegExp): void {
  if (typeof expected === 'string') expect(textOf(element)).not.toContain(normalize(expected));
  else expect(element.textContent ?? '').not.toMatch(expected);
}

/**
 * The text a visitor can read in `element` with every <details> opened: textContent without scripts,
 * styles, templates, <noscript> or what the `hidden` attribute hides (innerText leaves those out too).
 */
export function readableText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const gone of copy.querySelectorAll('script, style, template, noscript, [hidden]')) gone.remove();
  return normalize(copy.textContent ?? '');
}

/**
 * A class that lets the stylesheet hide an element (`hidden`, `lg:hidden`, `invisible`, `[.js_&]:hidden`),
 * not one that hides a pseudo-element (`[&::-webkit-details-marker]:hidden`).
 */
const hidesByCss = (cls: string) => /(^|:)(hidden|invisible)$/.test(cls) && !cls.includes('::');

/**
 * Fails unless a visitor sees `element` whatever the stylesheet and the scripts do: shown by the HTML
 * (no `hidden`, no `aria-hidden`, not inside a closed <details> past its summary) and under no class
 * the stylesheet can hide it with. Where this fails, visibility is the browser's to decide: that check
 * belongs in tests/e2e. Equal to Playwright's `toBeVisible()` for an element with content.
 */
export function expectShown(element: Element): void {
  const why = hiddenBecause(element);
  if (why) throw new Error(`Not shown in the built HTML (${why}): ${normalize(element.outerHTML).slice(0, 160)}`);
}

function hiddenBecause(element: Element): string | undefined {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return 'the hidden attribute';
    if (node.getAttribute('aria-hidden') === 'true') return 'aria-hidden';
    const cls = (node.getAttribute('class') ?? '').split(/\s+/).find(hidesByCss);
    if (cls) return `class ${cls}, which CSS decides`;
    const parent = node.parentElement;
    if (parent?.tagName === 'DETAILS' && !parent.hasAttribute('open') && node.tagName !== 'SUMMARY') return 'a closed <details>';
  }
  return undefined;
}

function only<T>(found: T[], what: string): T {
  if (found.length !== 1) throw new Error(`Expected one element with ${what}, found ${found.length}`);
  return found[0];
}

/**
 * Playwright's `toContainText([...])` on a list: each expected text is in one element, those elements
 * in the same order as the texts.
 */
export function containInOrder(elements: Element[], expected: string[]): boolean {
  let next = 0;
  for (const element of elements) if (next < expected.length && textOf(element).includes(normalize(expected[next]))) next += 1;
  return next === expected.length;
}
