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
    // Astro runs this hook once, with every Vite environment configured; the browser's files are the
    // `client` environment's. Rolldown (Vite 8) groups modules with `codeSplitting`; the older
    // `manualChunks` still works there but is deprecated.
    'astro:build:setup': ({ vite }) => {
      const client = vite.environments?.client;
      if (!client?.build?.rolldownOptions) throw new Error('api-chunk expects Astro to configure the client build environment');
      const { rolldownOptions } = client.build;
      if (Array.isArray(rolldownOptions.output)) throw new Error('api-chunk expects a single Rolldown output');
      rolldownOptions.output = {
        ...rolldownOptions.output,
        codeSplitting: {
          groups: [{ name: 'api', test: (id: string) => API_CHUNK.some((file) => id.endsWith(`/${file}`)) }],
        },
      };
    },
  },
};
