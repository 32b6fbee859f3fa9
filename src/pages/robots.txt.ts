import type { APIRoute } from 'astro';

/** robots.txt: everything public may be crawled; the dashboard and the API may not. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site).href;
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /v1', '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
