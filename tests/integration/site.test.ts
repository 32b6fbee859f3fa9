import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAs } from './helpers/session';

/** A miniature built site, so these tests do not depend on `astro build`. */
async function writeSite(dist: string) {
  const files: Record<string, string> = {
    'index.html': '<title>Home</title>',
    '404.html': '<title>404 - Page not found</title>',
    'fr/404/index.html': '<title>404 - Page introuvable</title>',
    'about/index.html': '<title>About</title>',
    'dashboard/index.html': '<title>Dashboard</title>',
    '_astro/app.abc123.js': 'console.log(1)',
    'favicon.svg': '<svg/>',
    'sitemap-index.xml': '<sitemapindex/>',
    '.site-build.json': '{"publicUrl":"http://localhost:4321"}',
  };
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, rel)), { recursive: true });
    await writeFile(path.join(dist, rel), content);
  }
  // What the build's precompression leaves beside a file (scripts/precompress.ts).
  await writeFile(path.join(dist, '_astro/app.abc123.js.br'), brotliCompressSync(BUILT_SCRIPT));
}

const BUILT_SCRIPT = 'console.log("built and compressed once");';

describe('[site] serving the built site', () => {
  let t: TestApp;
  beforeAll(async () => {
    const probe = await buildTestApp({}, { durable: true });
    await probe.app.close();
    await writeSite(path.join(probe.dataDir, 'dist'));
    t = await buildTestApp(
      {},
      { reuse: { dataDir: probe.dataDir, databaseUrl: probe.config.database.kind === 'postgres' ? probe.config.database.url : undefined } },
    );
    t.close = async () => {
      await t.app.close();
      await probe.close();
    };
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each([
    ['/', 'Home'],
    ['/about', 'About'],
    ['/about/', 'About'],
  ])('serves the page at %s', async (url, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${title}</title>`);
  });

  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ] as const)('sends pages %s-compressed with an ETag, and 304 when the browser has them', async (encoding, decode) => {
    const res = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(decode(res.rawPayload).toString()).toBe('<title>About</title>');
    const again = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': encoding, 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const plain = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('<title>About</title>');
  });

  it('compresses the 404 page too and keeps its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Page not found');
  });

  it.each(['/dashboard', '/dashboard/', '/dashboard/myOrders', '/dashboard/photoSelector/abc?x=1'])(
    'serves the dashboard app for %s to a signed-in customer',
    async (url) => {
      const { cookie } = await signInAs(t, 'site@example.com');
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Dashboard</title>');
    },
  );

  it('sends a signed-out visitor of /dashboard to the login page', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirectURL=%2Fdashboard');
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const res = await get('/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('404 - Page not found');
  });

  it('answers an unknown French path with the French 404 page', async () => {
    const res = await get('/fr/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page introuvable');
  });

  it('answers a 404 page opened by its own address with status 404', async () => {
    for (const url of ['/fr/404', '/fr/404/', '/404']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toMatch(/404 - Page (not found|introuvable)/);
    }
  });

  it('leads /sitemap.xml to the sitemap index', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/sitemap-index.xml');
    expect((await get('/sitemap-index.xml')).body).toBe('<sitemapindex/>');
  });

  it("never serves the build's own notes (its dotfiles)", async () => {
    expect((await get('/.site-build.json')).statusCode).toBe(404);
  });

  it("sends the build's compressed copy of an asset as it is, and never by its own name", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/_astro/app.abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(BUILT_SCRIPT);
    expect((await get('/_astro/app.abc123.js.br')).statusCode).toBe(404);
  });

  it('leaves the policies only documents obey off scripts, and keeps them on pages and SVG', async () => {
    const script = await get('/_astro/app.abc123.js');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const url of ['/', '/favicon.svg']) expect((await get(url)).headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('caches hashed assets for a year and pages not at all', async () => {
    expect((await get('/_astro/app.abc123.js')).headers['cache-control']).toContain('immutable');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a malformed URL with 400, not a crash', async () => {
    const res = await get('/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: 'Malformed URL' });
  });

  it.each(['/../package.json', '/%2e%2e/package.json', '/..%2fpackage.json', '/dashboard/../package.json'])(
    'never serves a file outside the site (%s)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('"dependencies"');
    },
  );
});
