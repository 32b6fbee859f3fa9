import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import yazl from 'yazl';
import type { AppContext } from '../../context.js';
import { favorites, portraits } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { LIMITS } from '../../../shared/limits.js';
import { portraitFileName, zipFileName } from '../../../shared/orders.js';
import { recordDownloads } from './add-download.js';
import { findOwnOrder } from './find-own-order.js';
import { availablePortraits } from './portrait-numbers.js';

export interface ZipDownload {
  fileName: string;
  /** The exact byte size of the zip (entries are stored, so it is known before the first byte). */
  size: number | null;
  /** The zip, produced as it is read: one portrait file is open at a time, none is held whole. */
  stream: Readable;
  entries: number;
}

/**
 * A zip of the order's portraits (or only its favorites), streamed from the file store as the client
 * reads it. JPEGs are stored, not deflated: they do not compress, and storing keeps the size known so
 * the browser can show progress. Each included portrait is recorded as a 'zip' download before the
 * archive's first byte is handed out, because a download ends refund eligibility. Portraits that are gone
 * answer 410 with the reason: a refund that took them, or the 30-day retention purge.
 */
export async function groupDownload(
  ctx: Pick<AppContext, 'database' | 'files' | 'log'>,
  { userId, orderId, favoritesOnly }: { userId: string; orderId: string; favoritesOnly: boolean },
): Promise<ZipDownload> {
  const { db } = ctx.database;
  const order = await findOwnOrder(db, userId, orderId);
  if (order.purgedAt) {
    // A refunded order says so, whether the refund took the portraits or (an operator's refund that left
    // them) the purge did later; a refunded order whose portraits are still there is zipped as any other.
    throw new AppError(
      'GONE',
      order.status === 'refunded' ? 'This order was refunded' : `The portraits of this order were deleted ${LIMITS.retentionDays} days after delivery`,
    );
  }
  const columns = { no: portraits.no, storageKey: portraits.storageKey, bytes: portraits.bytes, createdAt: portraits.createdAt };
  const rows = favoritesOnly
    ? await db
        .select(columns)
        .from(portraits)
        .innerJoin(favorites, and(eq(favorites.orderId, portraits.orderId), eq(favorites.no, portraits.no)))
        .where(eq(portraits.orderId, order.id))
        .orderBy(asc(portraits.no))
    : await db.select(columns).from(portraits).where(eq(portraits.orderId, order.id)).orderBy(asc(portraits.no));
  const included = rows.filter((r) => r.no <= availablePortraits(order));
  if (included.length === 0) {
    throw new AppError('CONFLICT', favoritesOnly ? 'You have not chosen any favorite portraits of this order yet' : 'This order has no portraits yet');
  }

  await recordDownloads(
    db,
    order.id,
    included.map((r) => r.no),
    'zip',
  );

  const { size, stream } = streamPortraitZip(
    ctx,
    included.map((row) => ({ ...row, name: portraitFileName(row.no) })),
    { orderId: order.id },
  );
  return { fileName: zipFileName(order.id, { favorites: favoritesOnly }), size, stream, entries: included.length };
}

/** One file of a portrait zip: its name inside the archive, and the stored portrait it copies. */
export interface ZipEntry {
  name: string;
  storageKey: string;
  bytes: number;
  createdAt: Date;
}

/**
 * A zip of stored portraits, produced as it is read: one file open at a time, entries stored (JPEGs do
 * not compress, and the size is then known before the first byte). A failure is logged with `logContext`
 * and ends the stream; a client that goes away closes the file being copied.
 */
export function streamPortraitZip(
  ctx: Pick<AppContext, 'files' | 'log'>,
  entries: readonly ZipEntry[],
  logContext: Record<string, string>,
): { size: number | null; stream: Readable } {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | null = null;
  let closed = false;
  const abort = (error: Error) => {
    ctx.log.error({ err: error, ...logContext }, 'zip download failed');
    output.destroy(error);
  };
  zip.on('error', abort);
  // A client that goes away destroys the archive: close the portrait file being copied, and any that
  // was still being opened at that moment.
  output.once('close', () => {
    closed = true;
    current?.destroy();
  });

  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.bytes, mtime: entry.createdAt }, (done) => {
      ctx.files.read(entry.storageKey).then(
        (stream) => {
          if (closed) return void stream?.destroy();
          if (!stream) return done(new Error(`portrait file missing: ${entry.storageKey}`), null as never);
          current = stream;
          stream.once('error', abort);
          done(null, stream);
        },
        (error: Error) => done(error, null as never),
      );
    });
  }
  let size: number | null = null;
  // yazl hands the total to end()'s callback (synchronously here, as every size is known); its typings omit the argument.
  const end = zip.end.bind(zip) as (options: undefined, onSize: (total: number) => void) => void;
  end(undefined, (total) => {
    size = total >= 0 ? total : null;
  });
  return { size, stream: output };
}
