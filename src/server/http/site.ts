import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, languageOfPath } from '../../shared/i18n.js';
import { fail } from './envelope.js';
import { createPageSender } from './page-cache.js';

const FALLBACK_404 =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>404 - Page not found</title>' +
  '<h1>404 - Page not found</h1><p>Sorry, we couldn\'t find the page you\'re looking for.</p><a href="/">Back to Home</a></html>';

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Lists every file of the built site once, so a request can only ever reach a file that exists. */
async function listFiles(root: string, dir = ''): Promise<Set<string>> {
  const files = new Set<string>();
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const f of await listFiles(root, rel)) files.add(f);
    // The build's compressed copies (`x.js.br`, `x.js.gz`) are sent in place of their file, never by their
    // own name; its dotfiles (`.site-build.json`) are the build's notes, not the site.
    else if (!/\.(br|gz)$/.test(entry.name) && !entry.name.startsWith('.')) files.add(rel);
  }
  return files;
}

/**
 * Serves the pre-rendered Astro site from dist/: pages by their clean path, hashed assets with long
 * caching, the dashboard app for every /dashboard path, and the 404 page (in the visitor's language
 * when the path has a language prefix) for anything else.
 */
export async function siteRoutes(
  app: FastifyInstance,
  options: {
    distDir: string;
    /** Helmet's settings for the dashboard, which mounts the payment form. */
    checkoutHelmet: object;
  },
): Promise<void> {
  const { distDir, checkoutHelmet } = options;
  const files = existsSync(distDir) ? await listFiles(distDir) : new Set<string>();
  if (files.size > 0) await app.register(fastifyStatic, { root: distDir, serve: false, index: false, preCompressed: true });

  const sendPage = createPageSender(distDir);

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/v1/') || request.url === '/v1') {
      return reply.status(404).send(fail(404, `No such call: ${request.method} ${request.url.split('?')[0]}`));
    }
    const lang = languageOfPath(request.url);
    const localized = `${lang}/404/index.html`;
    if (lang !== DEFAULT_LANGUAGE && files.has(localized)) return sendPage(reply, localized, 404);
    if (files.has('404.html')) return sendPage(reply, '404.html', 404);
    return reply.status(404).type('text/html; charset=utf-8').send(FALLBACK_404);
  };
  app.setNotFoundHandler(notFound);

  // A signed-out visitor is sent to the login page (the sign-in hook, `signIn: 'page'`), which brings them back here.
  const dashboard = async (request: FastifyRequest, reply: FastifyReply) =>
    files.has('dashboard/index.html') ? sendPage(reply, 'dashboard/index.html') : notFound(request, reply);
  app.get('/dashboard', { helmet: checkoutHelmet, config: { signIn: 'page' } }, dashboard);
  app.get('/dashboard/*', { helmet: checkoutHelmet, config: { signIn: 'page' } }, dashboard);

  app.get('/*', (request, reply) => {
    const [path = ''] = request.url.split('?');
    const pathname = safeDecode(path).replace(/^\/+|\/+$/g, '');
    if (pathname.startsWith('v1/') || pathname === 'v1') return notFound(request, reply);
    // The sitemap is an index of sitemaps (@astrojs/sitemap); the usual address leads to it.
    if (pathname === 'sitemap.xml' && files.has('sitemap-index.xml')) return reply.redirect('/sitemap-index.xml', 301);
    if (files.has(pathname) && !pathname.endsWith('.html')) {
      const hashed = pathname.startsWith('_astro/');
      return reply.sendFile(pathname, { maxAge: hashed ? '365d' : '1h', immutable: hashed });
    }
    const page = pathname === '' ? 'index.html' : `${pathname}/index.html`;
    // A 404 page opened by its own address (`/fr/404`) is still the answer "not found".
    if (files.has(page)) return sendPage(reply, page, /^([a-z]{2}\/)?404$/.test(pathname) ? 404 : 200);
    return notFound(request, reply);
  });
}
