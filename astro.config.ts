import { defineConfig } from 'astro/config';
import type { AstroIntegration } from 'astro';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { DEFAULT_LANGUAGE, LANGUAGES } from './src/shared/i18n';
import { precompressed } from './scripts/precompress';
import { siteBuildInfo } from './scripts/site-build-info';
import { apiChunk } from './scripts/api-chunk';
import { publicUrlOf } from './src/server/config';

/** In `astro dev`, every /dashboard path is served the one dashboard page, as the Fastify server does. */
const dashboardFallback: AstroIntegration = {
  name: 'dashboard-fallback',
  hooks: {
    'astro:server:setup': ({ server }) => {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/dashboard\/.+/.test(req.url) && !req.url.includes('.')) req.url = '/dashboard/';
        next();
      });
    },
  },
};

/** The public URL the pages link to: PUBLIC_URL at build time, as the server reads it. */
const publicUrl = publicUrlOf(process.env).origin;

/** Pages are served and linked without a trailing slash (their canonical URLs); the sitemap says the same. */
const bare = (url: string) => (new URL(url).pathname === '/' ? url : url.replace(/\/$/, ''));

export default defineConfig({
  output: 'static',
  site: publicUrl,
  image: { service: { entrypoint: './scripts/image-service.ts' } },
  trailingSlash: 'ignore',
  // Astro 7 strips whitespace between elements the way JSX does ('jsx'); `true` keeps Astro 6's
  // HTML-aware rule (one space kept between inline elements), so no sentence loses a space.
  compressHTML: true,
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [
    react(),
    sitemap({
      // Only the public pages: not the private dashboard, the sign-in page or the 404 pages.
      filter: (page) => !/\/(dashboard|login|404)(\/|$)/.test(new URL(page).pathname),
      i18n: {
        defaultLocale: DEFAULT_LANGUAGE,
        locales: Object.fromEntries(LANGUAGES.map((l) => [l.code, l.htmlLang])),
      },
      serialize: (item) => ({ ...item, url: bare(item.url), links: item.links?.map((link) => ({ ...link, url: bare(link.url) })) }),
    }),
    dashboardFallback,
    apiChunk,
    precompressed,
    siteBuildInfo(publicUrl),
  ],
  i18n: {
    locales: LANGUAGES.map((l) => l.code),
    defaultLocale: DEFAULT_LANGUAGE,
    routing: { prefixDefaultLocale: false },
  },
  server: { port: 4321 },
  vite: {
    plugins: [
      tailwindcss(),
      // `BUNDLE_REPORT=1 npm run build`: what each browser chunk holds, in bundle-report/ (treemap and raw data).
      ...(process.env.BUNDLE_REPORT
        ? [
            visualizer({ filename: 'bundle-report/chunks.html', gzipSize: true, template: 'treemap' }),
            visualizer({ filename: 'bundle-report/chunks.json', gzipSize: true, template: 'raw-data' }),
          ]
        : []),
    ],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    // `npm run dev`: the API runs in its own watched process beside Astro's dev server.
    server: { proxy: { '/v1': 'http://127.0.0.1:4322' } },
  },
});
