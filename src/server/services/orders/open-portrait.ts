import { Readable } from 'node:stream';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { orders, portraits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import type { PortraitSize } from '../../../shared/orders.js';
import { recordDownloads } from './add-download.js';
import { type Rendition, renderRendition } from './renditions.js';
import { portraitKey, previewKey, thumbKey } from './storage-keys.js';

type PortraitContext = Pick<AppContext, 'database' | 'files' | 'imageEncoding'>;
type PortraitRow = typeof portraits.$inferSelect;

/** A stored portrait: its validator and size, and its bytes when asked for (a revalidation needs none). */
export interface StoredPortrait {
  /** A portrait's bytes change only when it is replaced: its id, size and version identify them. */
  etag: string;
  bytes: number | undefined;
  /**
   * The bytes, for sending: called only when they will be sent. Opening the deliverable (`full`) records
   * the download first, so it is counted before its first byte leaves the server.
   */
  open(): Promise<Readable>;
}

/**
 * A portrait of the caller's order, with what the HTTP layer needs for caching. The order's owner and
 * the portrait are read in one query: the gallery asks for dozens at once.
 */
export async function openPortrait(ctx: PortraitContext, { userId, orderId, no, size }: { userId: string; orderId: string; no: number; size: PortraitSize }) {
  if (!UUID_PATTERN.test(orderId)) throw new AppError('NOT_FOUND', 'Order not found');
  const [row] = await ctx.database.db
    .select({ portrait: getTableColumns(portraits) })
    .from(orders)
    .leftJoin(portraits, and(eq(portraits.orderId, orders.id), eq(portraits.no, no)))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Order not found');
  return openStored(ctx, row.portrait, size);
}

/** A stored portrait in `size`, whoever's order it is (the caller checked who may see it). */
export async function openPortraitFile(ctx: PortraitContext, { orderId, no, size }: { orderId: string; no: number; size: PortraitSize }) {
  const [portrait] = await ctx.database.db
    .select()
    .from(portraits)
    .where(and(eq(portraits.orderId, orderId), eq(portraits.no, no)));
  return openStored(ctx, portrait ?? null, size);
}

/**
 * A portrait reached through a signed link (`portraitLinkValid` checked it). A thumbnail or preview
 * comes straight from the file store, with no database read (the gallery's way); the deliverable reads
 * its row, since its download is recorded.
 */
export async function openLinkedPortrait(
  ctx: PortraitContext,
  { orderId, no, size, version = 0 }: { orderId: string; no: number; size: PortraitSize; version?: number },
): Promise<StoredPortrait> {
  if (size === 'full') return openPortraitFile(ctx, { orderId, no, size });
  return {
    // The order id, number and version (the link's, unchecked: no row is read) name one image for good: a
    // retry adds numbers, and a replacement rewrites one under the next version.
    etag: `"${orderId}-${no}-${size}-v${version}"`,
    bytes: undefined,
    open: () => openRendition(ctx, { orderId, no, rendition: size, key: renditionKey(orderId, no, size), source: portraitKey(orderId, no) }),
  };
}

function openStored(ctx: PortraitContext, portrait: PortraitRow | null, size: PortraitSize): StoredPortrait {
  if (!portrait) throw new AppError('NOT_FOUND', 'Photo not found');
  const { orderId, no, storageKey } = portrait;
  if (size !== 'full') {
    const key = size === 'thumb' && portrait.thumbKey ? portrait.thumbKey : renditionKey(orderId, no, size);
    return {
      etag: `"${portrait.id}-${size}-v${portrait.version}"`,
      bytes: undefined,
      open: () => openRendition(ctx, { orderId, no, rendition: size, key, source: storageKey }),
    };
  }
  return {
    etag: `"${portrait.id}-full-v${portrait.version}"`,
    bytes: portrait.bytes,
    async open() {
      const stream = await ctx.files.read(storageKey);
      if (!stream) throw new AppError('NOT_FOUND', 'Photo not found');
      try {
        await recordDownloads(ctx.database.db, orderId, [no], 'single');
      } catch (error) {
        stream.destroy();
        throw error;
      }
      return stream;
    },
  };
}

const renditionKey = (orderId: string, no: number, rendition: Rendition) => (rendition === 'thumb' ? thumbKey(orderId, no) : previewKey(orderId, no));

/**
 * A thumbnail or preview from the file store. One that was never made (portraits stored before the
 * preview existed) is made now from the portrait and kept for the next time; it is never answered with
 * the portrait itself, which would be a download nobody recorded. If the portrait's row went meanwhile
 * (a refund or the purge), what was just written is removed again.
 */
async function openRendition(
  ctx: PortraitContext,
  { orderId, no, rendition, key, source }: { orderId: string; no: number; rendition: Rendition; key: string; source: string },
): Promise<Readable> {
  const stored = await ctx.files.read(key);
  if (stored) return stored;
  const portrait = await ctx.files.readBuffer(source);
  if (!portrait) throw new AppError('NOT_FOUND', 'Photo not found');
  const bytes = await renderRendition(portrait, rendition, ctx.imageEncoding);
  await ctx.files.put(key, bytes, 'image/jpeg');
  const [still] = await ctx.database.db
    .select({ id: portraits.id })
    .from(portraits)
    .where(and(eq(portraits.orderId, orderId), eq(portraits.no, no)));
  if (!still) {
    await ctx.files.delete(key);
    throw new AppError('NOT_FOUND', 'Photo not found');
  }
  return Readable.from([bytes]);
}
