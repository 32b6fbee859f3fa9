import sharp from 'sharp';

/** Width of the gallery's thumbnails: small enough that a 100-portrait gallery opens fast. */
export const THUMB_WIDTH = 416;

/**
 * The viewer's preview is this fraction of the deliverable's width: 600 px of a standard 832x1216
 * portrait (600x877), 1200 px of an Executive 1664x2432 one. Enough to fill a phone or a laptop's viewer
 * at 1x, clearly less than what is paid for (about half the pixels); see docs/decisions.md.
 */
export const PREVIEW_FRACTION = 600 / 832;

/** The renditions made from a portrait; neither counts as a download. */
export type Rendition = 'thumb' | 'preview';

/**
 * How renditions are encoded. The product always uses mozjpeg (smaller files for the same quality);
 * `plain` (libjpeg's default encoder, a quarter of the CPU) exists for test harnesses only, set through
 * `BuildOptions.plainImages`, never by a setting (docs/decisions.md, "Tests: images as cheap as the test allows").
 */
export type ImageEncoding = 'mozjpeg' | 'plain';

/** A smaller JPEG of the portrait `jpeg` for the gallery (`thumb`) or the full-screen viewer (`preview`). */
export async function renderRendition(jpeg: Buffer, rendition: Rendition, encoding: ImageEncoding = 'mozjpeg'): Promise<Buffer> {
  const mozjpeg = encoding === 'mozjpeg';
  if (rendition === 'thumb') return sharp(jpeg).resize(THUMB_WIDTH).jpeg({ quality: 78, mozjpeg }).toBuffer();
  const { width = 0 } = await sharp(jpeg).metadata();
  return sharp(jpeg)
    .resize(Math.max(1, Math.round(width * PREVIEW_FRACTION)))
    .jpeg({ quality: 80, mozjpeg })
    .toBuffer();
}
