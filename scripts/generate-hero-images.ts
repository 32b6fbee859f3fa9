/**
 * Writes the landing hero's responsive copies (HERO_WIDTHS in src/shared/site.ts) into
 * public/images/hero/ as `hero-<width>.avif`. Each is rendered from the hero artwork at twice its width
 * and scaled down, not made from the 1200px WebP, so it is compressed once. Run it again after
 * changing the artwork or the widths:
 *
 *   npx tsx scripts/generate-hero-images.ts [--from photo.jpg]
 *
 * `--from` takes a replacement photo (4:3, at least 1200px wide) instead of the artwork.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type AvifOptions } from 'sharp';
import { HERO_IMAGE, HERO_WIDTHS, heroImageAt } from '../src/shared/site';
import { heroSvg } from './artwork/marketing';

/**
 * AVIF settings, chosen by comparing crops with a lossless render. The 640px copy goes to 1x desktops,
 * which show about one image pixel per screen pixel: below quality 60 eyebrows and collars soften
 * there. The others go to 2x and 3x screens, where quality 52 with half-resolution colour looks the
 * same as lossless and weighs a fifth less.
 */
const encoding = (width: number): AvifOptions => (width <= 640 ? { quality: 60, effort: 7 } : { quality: 52, effort: 7, chromaSubsampling: '4:2:0' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const from = process.argv.indexOf('--from');
  const photo = from === -1 ? undefined : process.argv[from + 1];
  for (const width of HERO_WIDTHS) {
    const height = Math.round((width * HERO_IMAGE.height) / HERO_IMAGE.width);
    const source = photo ? sharp(photo) : sharp(Buffer.from(heroSvg()), { density: (144 * width) / HERO_IMAGE.width });
    const file = path.join(root, 'public', ...heroImageAt(width).split('/').filter(Boolean));
    mkdirSync(path.dirname(file), { recursive: true });
    const { size } = await source.resize(width, height, { fit: 'cover' }).avif(encoding(width)).toFile(file);
    console.log(`${path.relative(root, file)}: ${width}x${height}, ${(size / 1024).toFixed(1)} KB`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
