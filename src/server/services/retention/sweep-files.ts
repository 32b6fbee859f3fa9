import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { appState, orders } from '../../db/schema.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { orderFolder } from '../orders/storage-keys.js';

/** The `app_state` entry of the last sweep, which the console's overview shows. */
export const FILE_SWEEP_KEY = 'lastFileSweep';
const BATCH = 500;

export interface FileSweep {
  at: string;
  /** Order folders found without their order, or of a purged order, and deleted. */
  orphans: number;
  /** Order folders looked at. */
  folders: number;
}

/**
 * The daily sweep of the file store: every folder under `orders/` whose order no longer exists, or was
 * purged (its portraits removed by the retention purge or a refund), is deleted. Deletion removes an order's files before its row, and a writer that finds its order gone
 * removes what it wrote, so this only finds what a crash or an outage left between the two; it logs
 * how many, and the console shows the last sweep. An order's row is made before any of its files, so a
 * folder without a row is never an order still being created.
 */
export async function sweepOrphanFiles(ctx: Pick<AppContext, 'database' | 'files' | 'clock' | 'log'>): Promise<FileSweep> {
  const { db } = ctx.database;
  const folders = (await ctx.files.listFolders('orders')).filter((name) => UUID_PATTERN.test(name));
  let orphans = 0;
  for (let i = 0; i < folders.length; i += BATCH) {
    const batch = folders.slice(i, i + BATCH);
    // A purged order (the retention purge, a refund that revoked its portraits) keeps no file either.
    const known = new Set(
      (
        await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(inArray(orders.id, batch), isNull(orders.purgedAt)))
      ).map((o) => o.id),
    );
    for (const id of batch.filter((name) => !known.has(name))) {
      await ctx.files.deletePrefix(orderFolder(id));
      orphans++;
    }
  }
  const sweep: FileSweep = { at: ctx.clock.now().toISOString(), orphans, folders: folders.length };
  await db
    .insert(appState)
    .values({ key: FILE_SWEEP_KEY, value: sweep, updatedAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: appState.key, set: { value: sweep, updatedAt: ctx.clock.now() } });
  (orphans > 0 ? ctx.log.warn : ctx.log.info).call(ctx.log, { orphans, folders: folders.length }, 'file store swept for folders without an order');
  return sweep;
}

/** The last sweep, or null before the first. */
export async function lastFileSweep(db: AppContext['database']['db']): Promise<FileSweep | null> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, FILE_SWEEP_KEY));
  return (row?.value as FileSweep | undefined) ?? null;
}
