// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
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
  integrations: [react(), dashboardFallback],
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
