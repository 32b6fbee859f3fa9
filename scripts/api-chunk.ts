import type { AstroIntegration } from 'astro';

/**
 * The browser's way to the API (`call()`, the endpoint table, the beta-seats store and what the site's
 * scripts do with it) as one file. Every public page's script uses it, and so does the dashboard; left
 * to Rollup, it is split by who imports what into four files, each a request the phone pays for
 * (docs/benchmarks.md, "Landing page"). tests/unit/architecture/site-scripts.test.ts fails when the
 * pages' script reaches a shared module this list leaves out.
 */
export const API_CHUNK = [
  'src/api/client.ts',
  'src/shared/contracts/endpoints.ts',
  'src/stores/coupon.ts',
  'src/shared/beta-seats.ts',
  'src/islands/fill-template.ts',
];

export const apiChunk: AstroIntegration = {
  name: 'api-chunk',
  hooks: {
    'astro:build:setup': ({ vite, target }) => {
      if (target !== 'client') return;
      vite.build ??= {};
      vite.build.rollupOptions ??= {};
      const { rollupOptions } = vite.build;
      if (Array.isArray(rollupOptions.output)) throw new Error('api-chunk expects a single Rollup output');
      rollupOptions.output = {
        ...rollupOptions.output,
        manualChunks: (id) => (API_CHUNK.some((file) => id.endsWith(`/${file}`)) ? 'api' : undefined),
      };
    },
  },
};
