import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { orders, portraits, replacements } from '../../db/schema.js';
import { addPortraitRow, notDeleting, OrderGoneError, orderLive } from '../orders/order-lifecycle.js';
import { renderRendition } from '../orders/renditions.js';
import { orderFolder, portraitKey, previewKey, thumbKey } from '../orders/storage-keys.js';

export { THUMB_WIDTH } from '../orders/renditions.js';

/**
 * Stores one delivered portrait: the file, its thumbnail and its preview first, then the row, which is
 * only added while the order is not being deleted. When it is, the files just written are removed again (the
 * deletion may already have passed), and `OrderGoneError` stops the generation. The unique index on
 * (order, number) makes a repeated delivery (after a crash) a no-op rather than a duplicate.
 */
export async function storePortrait(
  ctx: Pick<AppContext, 'database' | 'files' | 'imageEncoding'>,
  orderId: string,
  no: number,
  jpeg: Buffer,
  made: { score?: number | null; seed?: number | null; look?: string | null } = {},
): Promise<void> {
  const image = sharp(jpeg);
  const { width = 0, height = 0 } = await image.metadata();
  const [thumb, preview] = await Promise.all([renderRendition(jpeg, 'thumb', ctx.imageEncoding), renderRendition(jpeg, 'preview', ctx.imageEncoding)]);
  await ctx.files.put(portraitKey(orderId, no), jpeg, 'image/jpeg');
  await ctx.files.put(thumbKey(orderId, no), thumb, 'image/jpeg');
  await ctx.files.put(previewKey(orderId, no), preview, 'image/jpeg');
  const added = await addPortraitRow(ctx.database.db, {
    orderId,
    no,
    storageKey: portraitKey(orderId, no),
    thumbKey: thumbKey(orderId, no),
    width,
    height,
    bytes: jpeg.length,
    score: made.score ?? null,
    seed: made.seed ?? null,
    look: made.look ?? null,
  });
  if (!added) {
    await ctx.files.deletePrefix(orderFolder(orderId));
    throw new OrderGoneError(`order ${orderId} was deleted while its portraits were made`);
  }
}

/**
 * Puts a new image in a delivered portrait's place (a replacement): the files under the same number,
 * then the row, whose `version` changes the image's address so no browser shows the old one from its cache.
 * The row changes under the order row's lock, and only while the order is neither being deleted nor
 * purged (a refund that revoked its portraits purges it) and the replacement is still pending. When the
 * order's portraits are gone, the order's folder is removed again, with the files just written; either way
 * `OrderGoneError` ends this run of the replacement.
 */
export async function replaceStoredPortrait(
  ctx: Pick<AppContext, 'database' | 'files' | 'imageEncoding'>,
  { orderId, no, replacementId }: { orderId: string; no: number; replacementId: string },
  jpeg: Buffer,
  made: { score: number | null; seed: number; look: string | null },
): Promise<void> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const [thumb, preview] = await Promise.all([renderRendition(jpeg, 'thumb', ctx.imageEncoding), renderRendition(jpeg, 'preview', ctx.imageEncoding)]);
  if (!(await orderLive(ctx.database.db, orderId))) throw new OrderGoneError(`order ${orderId} was deleted while a portrait was replaced`);
  const keys = [portraitKey(orderId, no), thumbKey(orderId, no), previewKey(orderId, no)] as const;
  await ctx.files.put(keys[0], jpeg, 'image/jpeg');
  await ctx.files.put(keys[1], thumb, 'image/jpeg');
  await ctx.files.put(keys[2], preview, 'image/jpeg');
  const placed = await ctx.database.db.transaction(async (tx): Promise<'placed' | 'gone' | 'settled'> => {
    const [live] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), notDeleting, isNull(orders.purgedAt)))
      .for('update');
    if (!live) return 'gone';
    const [pending] = await tx
      .select({ id: replacements.id })
      .from(replacements)
      .where(and(eq(replacements.id, replacementId), eq(replacements.status, 'pending')));
    // Another run of the same replacement settled it: the image just written is one that passed the check,
    // in the portrait's own place, so it stays; this run only stops.
    if (!pending) return 'settled';
    const updated = await tx
      .update(portraits)
      .set({ width, height, bytes: jpeg.length, score: made.score, seed: made.seed, look: made.look, version: sql`${portraits.version} + 1` })
      .where(and(eq(portraits.orderId, orderId), eq(portraits.no, no)))
      .returning({ id: portraits.id });
    return updated.length === 1 ? 'placed' : 'gone';
  });
  if (placed === 'gone') {
    // Deleted or purged: no file of the order survives that, so its whole folder goes (not just these three).
    await ctx.files.deletePrefix(orderFolder(orderId));
    throw new OrderGoneError(`order ${orderId} lost its portraits while portrait ${no} was replaced`);
  }
  if (placed === 'settled') throw new OrderGoneError(`replacement ${replacementId} was settled by another run`);
}
