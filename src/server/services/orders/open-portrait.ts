import type { Readable } from 'node:stream';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, portraits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { portraitKey, thumbKey } from './storage-keys.js';

/**
 * A portrait of the caller's order as a stream, with what the HTTP layer needs for caching. The order's
 * owner and the portrait are read in one query: the gallery asks for dozens at once.
 */
export async function openPortrait(
  ctx: Pick<AppContext, 'database' | 'files'>,
  { userId, orderId, no, size }: { userId: string; orderId: string; no: number; size: 'full' | 'thumb' },
) {
  if (!UUID_PATTERN.test(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
  const [row] = await ctx.database.db
    .select({ portrait: getTableColumns(portraits) })
    .from(orders)
    .leftJoin(portraits, and(eq(portraits.orderId, orders.id), eq(portraits.no, no)))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return openStored(ctx, row.portrait, size);
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
  return openStored(ctx, portrait ?? null, size);
}

/**
 * A portrait reached through a signed link (`portraitLinkValid` checked it): straight from the file
 * store, with no database read. A thumbnail that was never made is answered with the portrait, as the
 * session's path does.
 */
export function openLinkedPortrait(
  ctx: Pick<AppContext, 'files'>,
  { orderId, no, size }: { orderId: string; no: number; size: 'full' | 'thumb' },
): StoredPortrait {
  return {
    // The order id and number name one portrait for good: a retry adds numbers, it never rewrites one.
    etag: `"${orderId}-${no}-${size}"`,
    bytes: undefined,
    open: openFirst(ctx, size === 'thumb' ? [thumbKey(orderId, no), portraitKey(orderId, no)] : [portraitKey(orderId, no)]),
  };
}

/** Opens the first of `keys` the store has; 404 `Photo not found` when it has none. */
function openFirst(ctx: Pick<AppContext, 'files'>, keys: string[]): () => Promise<Readable> {
  return async () => {
    for (const key of keys) {
      const stream = await ctx.files.read(key);
      if (stream) return stream;
    }
    throw new AppError('NOT_FOUND', 'Photo not found');
  };
}

/** A stored portrait: its validator and size, and its bytes when asked for (a revalidation needs none). */
export interface StoredPortrait {
  /** A portrait never changes once stored: its id and size identify the bytes. */
  etag: string;
  bytes: number | undefined;
  open(): Promise<Readable>;
}

function openStored(ctx: Pick<AppContext, 'files'>, portrait: typeof portraits.$inferSelect | null, size: 'full' | 'thumb'): StoredPortrait {
  if (!portrait) throw new AppError('NOT_FOUND', 'Photo not found');
  const key = size === 'thumb' && portrait.thumbKey ? portrait.thumbKey : portrait.storageKey;
  return {
    etag: `"${portrait.id}-${size}"`,
    bytes: size === 'full' ? portrait.bytes : undefined,
    open: openFirst(ctx, [key]),
  };
}
