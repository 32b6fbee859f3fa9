import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { portraits } from '../../db/schema.js';
import { portraitKey, thumbKey } from '../orders/storage-keys.js';

/** Width of the gallery's thumbnails: small enough that a 100-portrait gallery opens fast. */
export const THUMB_WIDTH = 416;

/**
 * Stores one delivered portrait: the file and its thumbnail first, then the row. The unique index on
 * (order, number) makes a repeated delivery (after a crash) a no-op rather than a duplicate.
 */
export async function storePortrait(ctx: Pick<AppContext, 'database' | 'files'>, orderId: string, no: number, jpeg: Buffer): Promise<void> {
  const image = sharp(jpeg);
  const { width = 0, height = 0 } = await image.metadata();
  const thumb = await sharp(jpeg).resize(THUMB_WIDTH).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  await ctx.files.put(portraitKey(orderId, no), jpeg, 'image/jpeg');
  await ctx.files.put(thumbKey(orderId, no), thumb, 'image/jpeg');
  await ctx.database.db
    .insert(portraits)
    .values({ orderId, no, storageKey: portraitKey(orderId, no), thumbKey: thumbKey(orderId, no), width, height, bytes: jpeg.length })
    .onConflictDoNothing();
}
