import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { favorites, portraits, teamInvitations } from '../../db/schema.js';
import { portraitFileName } from '../../../shared/orders.js';
import { streamPortraitZip } from '../orders/group-download.js';
import { latestOrders } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';

/** A folder name from an address: letters, digits and `._@+-`; the rest become `_`. */
export const safeFolder = (email: string) =>
  email
    .replace(/[^A-Za-z0-9._@+-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 100);

/**
 * One folder per member, never two alike: two addresses that make one folder name (`ä@x` and `_@x`,
 * or names that differ only in case, which many file systems treat as one) get `-2`, `-3`, … in the
 * order of their addresses, so every member's favourites stay apart.
 */
export function uniqueFolders(emails: string[]): Map<string, string> {
  const taken = new Set<string>();
  const folders = new Map<string, string>();
  for (const email of [...new Set(emails)].sort()) {
    const base = safeFolder(email);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    taken.add(name.toLowerCase());
    folders.set(email, name);
  }
  return folders;
}

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
  const delivered = invitations.flatMap((i) => {
    const order = latest.get(i.id);
    return order?.status === 'completed' ? [{ orderId: order.id, email: i.email }] : [];
  });
  const folders = uniqueFolders(delivered.map((d) => d.email));
  const folderOf = new Map(delivered.map((d) => [d.orderId, folders.get(d.email) ?? safeFolder(d.email)]));
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
  const { size, stream } = streamPortraitZip(
    ctx,
    rows.map((row) => ({ ...row, name: `${folderOf.get(row.orderId)}/${portraitFileName(row.no)}` })),
    { teamId },
  );
  return { fileName: `team-favorites-${team.id.slice(0, 8)}.zip`, size, stream, entries: rows.length };
}
