/**
 * Generates the product's illustrated artwork: into public/, the New Order category tiles, the wizard's
 * attire and backdrop thumbnails and PNG favicons; into the site's content (src/content/), the
 * style-gallery examples, the hero (at twice its displayed size, which the build scales down) and the
 * social-share image. An editor replaces the content's images with real ones (docs/operations.md).
 *
 *   npx tsx scripts/generate-artwork.ts [--force]
 *
 * Existing files are kept unless --force is given, so an operator's replacement photos survive.
 * Everything is deterministic (seeded per image), so a forced run reproduces the same files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTWORK_CATEGORY_IDS, ATTIRE_ART, ATTIRE_IDS, BACKDROP_ART, BACKDROP_IDS, CATEGORY_ART } from '../src/shared/catalog/artwork';
import { STYLE_THEMES } from '../src/shared/catalog/style-themes';
import { attireSvg, backdropSvg, categorySvg, portraitSvg } from './artwork/compose';
import { heroSvg, ogSvg, squareIcon } from './artwork/marketing';
import { stats, writeIcon, writeImage, type WriteOptions } from './artwork/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'public');
const contentDir = path.join(root, 'src', 'content');
const toFile = (publicPath: string): string => path.join(publicDir, ...publicPath.split('/').filter(Boolean));

type Job = () => Promise<void>;

async function runPool(jobs: Job[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await job();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function main(): Promise<void> {
  const options: WriteOptions = { force: process.argv.includes('--force'), quality: 78 };
  const jobs: Job[] = [];
  const image = (svg: () => string, file: string, quality?: number, scale?: number): void => {
    jobs.push(() => writeImage(svg(), file, { ...options, quality: quality ?? options.quality, scale }));
  };

  for (const theme of STYLE_THEMES) {
    for (let no = 1; no <= theme.exampleCount; no++) image(() => portraitSvg(theme.key, no), path.join(contentDir, 'examples', theme.key, `${no}.webp`));
  }
  for (const id of ARTWORK_CATEGORY_IDS) image(() => categorySvg(id), toFile(CATEGORY_ART[id].image));
  for (const id of ATTIRE_IDS) image(() => attireSvg(id), toFile(ATTIRE_ART[id].image));
  for (const id of BACKDROP_IDS) image(() => backdropSvg(id), toFile(BACKDROP_ART[id].image));
  image(heroSvg, path.join(contentDir, 'site', 'hero.webp'), 92, 2);
  image(ogSvg, path.join(contentDir, 'site', 'social.png'));

  const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
  jobs.push(() => writeIcon(favicon, path.join(publicDir, 'favicon-32.png'), 32, options));
  jobs.push(() => writeIcon(squareIcon(favicon), path.join(publicDir, 'apple-touch-icon.png'), 180, options));
  jobs.push(() => writeIcon(favicon, path.join(publicDir, 'icon-512.png'), 512, options));

  const started = Date.now();
  await runPool(jobs, 4);
  console.log(`artwork: ${stats.written} written, ${stats.skipped} kept (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
