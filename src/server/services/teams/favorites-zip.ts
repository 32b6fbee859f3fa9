import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import type { AppContext } from '../../context.js';
import { favorites, portraits, teamInvitations } from '../../db/schema.js';
import { portraitFileName } from '../../../shared/orders.js';
import { latestOrders } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';

/** A folder name from an address: letters, digits, dot, dash and underscore; the rest become `_`. */
export const safeFolder = (email: string) =>
  email
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 100);

/**
 * The members' favourites of their latest delivered team order, one folder per member, streamed from the
 * file store as the client reads it (one file open at a time, entries stored): memory stays flat
 * whatever the team's size. Only favourites; never selfies, never other portraits.
 */
export async function teamFavoritesZip(ctx: Pick<AppContext, 'database' | 'files' | 'log'>, { userId, teamId }: { userId: string; teamId: string }) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const invitations = await db
    .select({ id: teamInvitations.id, email: teamInvitations.email })
    .from(teamInvitations)
    .where(eq(teamInvitations.teamId, team.id));
  const latest = await latestOrders(
    db,
    invitations.map((i) => i.id),
  );
  const folderOf = new Map<string, string>();
  for (const i of invitations) {
    const order = latest.get(i.id);
    if (order?.status === 'completed') folderOf.set(order.id, safeFolder(i.email));
  }
  const orderIds = [...folderOf.keys()];
  const rows =
    orderIds.length > 0
      ? await db
          .select({ orderId: portraits.orderId, no: portraits.no, storageKey: portraits.storageKey, bytes: portraits.bytes, createdAt: portraits.createdAt })
          .from(portraits)
          .innerJoin(favorites, and(eq(favorites.orderId, portraits.orderId), eq(favorites.no, portraits.no)))
          .where(inArray(portraits.orderId, orderIds))
          .orderBy(asc(portraits.orderId), asc(portraits.no))
      : [];
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | null = null;
  let closed = false;
  const abort = (error: Error) => {
    ctx.log.error({ err: error, teamId }, 'team zip download failed');
    output.destroy(error);
  };
  zip.on('error', abort);
  output.once('close', () => {
    closed = true;
    current?.destroy();
  });
  for (const row of rows) {
    zip.addReadStreamLazy(`${folderOf.get(row.orderId)}/${portraitFileName(row.no)}`, { compress: false, size: row.bytes, mtime: row.createdAt }, (done) => {
      ctx.files.read(row.storageKey).then(
        (stream) => {
          if (closed) return void stream?.destroy();
          if (!stream) return done(new Error(`portrait file missing: ${row.storageKey}`), null as never);
          current = stream;
          stream.once('error', abort);
          done(null, stream);
        },
        (error: Error) => done(error, null as never),
      );
    });
  }
  let size: number | null = null;
  const end = zip.end.bind(zip) as (options: undefined, onSize: (total: number) => void) => void;
  end(undefined, (total) => {
    size = total >= 0 ? total : null;
  });
  return { fileName: `team-favorites-${team.id.slice(0, 8)}.zip`, size, stream: output, entries: rows.length };
}
