import { defineCollection } from 'astro:content';
import { existsSync } from 'node:fs';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { LANGUAGES } from './shared/i18n';

/**
 * What an editor changes without touching code (docs/operations.md, "Editing the site"). Every file is
 * checked against its schema when the site is built: a wrong value stops the build with a message that
 * names the file and the field. Image sizes are checked once the images are read
 * (src/components/site-content.ts), with the same kind of message.
 */

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

/** An alt text by language code (`us`, `fr`, ...); the languages left out use the translations' text. */
const altTexts = z
  .object(Object.fromEntries(LANGUAGES.map((l) => [l.code, z.string().trim().min(1)])))
  .partial()
  .strict();

/** Paths under public/ that a setting names must exist, so a typo fails the build rather than the page. */
const publicFile = z
  .string()
  .regex(/^\/[^\s?#]+$/, 'must be a path under public/, such as /videos/demo.mp4')
  .refine((file) => existsSync(`./public${file}`), { error: (issue) => `public${String(issue.input)} does not exist` });

/** `src/content/site/settings.yaml`: the support address, the hero, the share image, the demo video and links. */
const site = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/site' }),
  schema: ({ image }) =>
    z
      .object({
        supportEmail: z.email(),
        hero: z.object({ image: image(), alt: altTexts.optional() }).strict(),
        socialImage: image(),
        demoVideo: z.object({ src: publicFile, poster: image().optional() }).strict().optional(),
        links: z
          .object({
            blog: z.url().optional(),
            videoChannel: z.url().optional(),
            chatCommunity: z.url().optional(),
            launchPage: z.url().optional(),
            launchDirectoryName: z.string().min(1).optional(),
          })
          .strict()
          .refine((links) => !links.launchPage === !links.launchDirectoryName, 'launchPage and launchDirectoryName are set together')
          .default({}),
      })
      .strict(),
});

/**
 * `src/content/examples/{style key}.yaml`: the style gallery's examples of one style, which the
 * rotator also draws from. The file's name is the style key. What spans files or needs the images
 * themselves is checked where the site reads them (`src/components/site-content.ts`): every style has
 * its file with the spec's number of examples (`STYLE_THEMES`), each at least 416x608 and shaped like
 * the product's 832x1216 output.
 */
const examples = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './src/content/examples' }),
  schema: ({ image }) =>
    z
      .object({
        images: z.array(z.object({ src: image(), alt: altTexts.optional() }).strict()),
      })
      .strict(),
});

export const collections = { policies, site, examples };
