import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { portraits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findOwnOrder } from './find-own-order.js';

/** A portrait of the caller's order as a stream, with what the HTTP layer needs for caching. */
export async function openPortrait(
  ctx: Pick<AppContext, 'database' | 'files'>,
  { userId, orderId, no, size }: { userId: string; orderId: string; no: number; size: 'full' | 'thumb' },
) {
  await findOwnOrder(ctx.database.db, userId, orderId);
  return openPortraitFile(ctx, { orderId, no, size });
}

/** A stored portrait or its thumbnail, whoever's order it is (the caller checked who may see it). */
export async function openPortraitFile(
  ctx: Pick<AppContext, 'database' | 'files'>,
  { orderId, no, size }: { orderId: string; no: number; size: 'full' | 'thumb' },
) {
  const [portrait] = await ctx.database.db
    .select()
    .from(portraits)
    .where(and(eq(portraits.orderId, orderId), eq(portraits.no, no)));
  if (!portrait) throw new AppError('NOT_FOUND', 'Photo not found');
  const key = size === 'thumb' && portrait.thumbKey ? portrait.thumbKey : portrait.storageKey;
  const stream = await ctx.files.read(key);
  if (!stream) throw new AppError('NOT_FOUND', 'Photo not found');
  // A portrait never changes once stored: its id and size identify the bytes.
  return { stream, etag: `"${portrait.id}-${size}"`, bytes: size === 'full' ? portrait.bytes : undefined };
}
