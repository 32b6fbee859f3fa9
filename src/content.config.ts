import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * The legal pages (/terms, /privacy, /refund, /cookies), one markdown file per page and language:
 * `src/content/policies/{lang}/{page}.md`, so an entry's id is `{lang}/{page}` (e.g. `fr/refund`).
 * Languages are the registry's codes (`src/shared/i18n.ts`), offered or only bundled.
 */
const policies = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/policies' }),
  schema: z.object({
    /** The page heading and the <title>. */
    title: z.string().min(1),
    /** The meta description. */
    description: z.string().min(1),
    /** When the text last changed in substance; shown as "Last updated". */
    lastUpdated: z.coerce.date(),
  }),
});

export const collections = { policies };
