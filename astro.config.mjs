// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

/** In `astro dev`, every /dashboard path is served the one dashboard page, as the Fastify server does. */
const dashboardFallback = {
  name: 'dashboard-fallback',
  hooks: {
    /** @param {{ server: import('vite').ViteDevServer }} options */
    'astro:server:setup': ({ server }) => {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/dashboard\/.+/.test(req.url) && !req.url.includes('.')) req.url = '/dashboard/';
        next();
      });
    },
  },
};

export default defineConfig({
  output: 'static',
  site: 'https://portrait-studio.example',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    react(),
    sitemap({
      // Only the public pages: not the private dashboard, the sign-in page or the 404 pages.
      filter: (page) => !/\/(dashboard|login|404)(\/|$)/.test(new URL(page).pathname),
      i18n: {
        defaultLocale: 'us',
        locales: { us: 'en', fr: 'fr', de: 'de', jp: 'ja', kr: 'ko', cn: 'zh-CN' },
      },
      // Pages are served and linked without a trailing slash (their canonical URLs); say the same here.
      serialize: (item) => {
        /** @param {string} url */
        const bare = (url) => (new URL(url).pathname === '/' ? url : url.replace(/\/$/, ''));
        return { ...item, url: bare(item.url), links: item.links?.map((link) => ({ ...link, url: bare(link.url) })) };
      },
    }),
    dashboardFallback,
  ],
  i18n: {
    locales: ['us', 'fr', 'de', 'jp', 'kr', 'cn'],
    defaultLocale: 'us',
    routing: { prefixDefaultLocale: false },
  },
  server: { port: 4321 },
  vite: {
    plugins: [tailwindcss()],
    resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
    // `npm run dev`: the API runs in its own watched process beside Astro's dev server.
    server: { proxy: { '/v1': 'http://127.0.0.1:4322' } },
  },
});
