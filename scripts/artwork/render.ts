/** Rasterises SVG documents with sharp and writes WebP/PNG files. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export interface WriteOptions {
  /** Overwrite existing files. */
  force: boolean;
  /** WebP quality (default 74). */
  quality?: number;
  /** Draw the SVG this many times its own size (default 1). */
  scale?: number;
}

export interface WriteStats {
  written: number;
  skipped: number;
}

export const stats: WriteStats = { written: 0, skipped: 0 };

/** Renders `svg` into `file` (format from the extension) unless it exists and force is off. */
export async function writeImage(svg: string, file: string, options: WriteOptions): Promise<void> {
  if (!options.force && existsSync(file)) {
    stats.skipped += 1;
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // 72 dpi draws the SVG at its own size; `scale` 2 draws it twice as large, as sharp as the vector allows.
  const image = sharp(Buffer.from(svg), { density: 72 * (options.scale ?? 1) });
  if (file.endsWith('.png')) {
    await image.png({ compressionLevel: 9, palette: false }).toFile(file);
  } else if (file.endsWith('.webp')) {
    await image.webp({ quality: options.quality ?? 74, effort: 6, smartSubsample: true }).toFile(file);
  } else {
    throw new Error(`Unsupported image type: ${file}`);
  }
  stats.written += 1;
}

/** Renders a square PNG from an SVG file of any size (favicons). */
export async function writeIcon(svg: string, file: string, size: number, options: WriteOptions): Promise<void> {
  if (!options.force && existsSync(file)) {
    stats.skipped += 1;
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg), { density: Math.max(72, Math.ceil((72 * size) / 64) * 2) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  stats.written += 1;
}
