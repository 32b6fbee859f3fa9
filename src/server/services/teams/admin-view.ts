import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { favorites, orders, seatPurchases, teamAdminInvitations, teamAdmins, teamInvitations, teamLinks, users } from '../../db/schema.js';
import type { MemberStatus, SeatPurchase, TeamAdminView, TeamMember } from '../../../shared/contracts/team.js';
import { LIMITS } from '../../../shared/limits.js';
import { favoriteLinkSigner } from '../orders/portrait-links.js';
import type { TeamRow } from './team-access.js';
import { seatCounts } from './seats.js';
import { linkToken, linkUrl } from './team-tokens.js';

type Invitation = typeof teamInvitations.$inferSelect;
type OrderRow = Pick<
  typeof orders.$inferSelect,
  'id' | 'status' | 'generationStartedAt' | 'paidAt' | 'completedAt' | 'failedAt' | 'createdAt' | 'teamInvitationId' | 'imageGenerated' | 'imageTotal'
>;

const DAY_MS = 24 * 3600_000;

/** Where a member stands: their invitation, then their latest order on the team. */
export function memberStatus(invitation: Invitation, order: OrderRow | undefined): { status: MemberStatus; at: Date } {
  if (invitation.revokedAt) return { status: 'revoked', at: invitation.revokedAt };
  if (!invitation.joinedAt) return { status: 'invited', at: invitation.lastMailedAt ?? invitation.invitedAt };
  if (!order) return invitation.orderedAt ? { status: 'done', at: invitation.orderedAt } : { status: 'signedIn', at: invitation.joinedAt };
  if (order.status === 'completed') return { status: 'done', at: order.completedAt ?? order.createdAt };
  // A member's status word, not an order's: the order's failure (or refund) reads as `failed`.
  const failed: MemberStatus = 'failed';
  if (order.status === 'failed' || order.status === 'refunded') return { status: failed, at: order.failedAt ?? order.createdAt };
  if (order.generationStartedAt) return { status: 'generating', at: order.generationStartedAt };
  return { status: 'photosUploaded', at: order.paidAt ?? order.createdAt };
}

const orderColumns = {
  id: orders.id,
  status: orders.status,
  generationStartedAt: orders.generationStartedAt,
  paidAt: orders.paidAt,
  completedAt: orders.completedAt,
  failedAt: orders.failedAt,
  createdAt: orders.createdAt,
  teamInvitationId: orders.teamInvitationId,
  imageGenerated: orders.imageGenerated,
  imageTotal: orders.imageTotal,
};

/**
 * Whether the team may give the member its one free retry: their latest order failed, or was delivered
 * short of the portraits promised (the likeness check passed too few). A full delivery gets none from the
 * team; the operator can still give one (`grantTeamRetry`).
 */
export function retryOffered(invitation: Invitation, order: OrderRow | undefined): boolean {
  if (invitation.retryGrantedAt || !order) return false;
  const { status } = memberStatus(invitation, order);
  return status === 'failed' || (status === 'done' && order.status === 'completed' && order.imageGenerated < order.imageTotal);
}

/** The first order of each invitation among rows ordered newest first. */
function latestOf(rows: OrderRow[]): Map<string, OrderRow> {
  const latest = new Map<string, OrderRow>();
  for (const row of rows) if (row.teamInvitationId && !latest.has(row.teamInvitationId)) latest.set(row.teamInvitationId, row);
  return latest;
}

/** The latest order of each invitation. */
export async function latestOrders(db: Db, invitationIds: string[]): Promise<Map<string, OrderRow>> {
  if (invitationIds.length === 0) return new Map();
  return latestOf(
    await db
      .select(orderColumns)
      .from(orders)
      .where(and(inArray(orders.teamInvitationId, invitationIds), isNull(orders.deletingAt)))
      .orderBy(desc(orders.createdAt)),
  );
}

/** A purchase as the admin's page and the console show it; `free` is the team's free seats now. */
export function purchaseView(p: typeof seatPurchases.$inferSelect, free: number, now: Date): SeatPurchase {
  const inWindow = p.status === 'paid' && p.paidAt !== null && now.getTime() - p.paidAt.getTime() <= LIMITS.refundWindowDays * DAY_MS;
  return {
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    packageId: p.packageId as SeatPurchase['packageId'],
    quantity: p.quantity,
    unitCents: p.unitCents,
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    paidAt: p.paidAt?.toISOString() ?? null,
    refundedSeats: p.refundedSeats,
    refundedCents: p.refundedCents,
    refundableSeats: inWindow ? Math.min(free, p.quantity - p.refundedSeats) : 0,
    receiptUrl: p.receiptUrl,
  };
}

/**
 * What an owner or admin sees of their team: seats, purchases, members with their status, links and
 * admins. Of a member's portraits only those the member marked favourite in their latest delivered team
 * order appear, as thumbnails signed for that one portrait (never selfies, never other portraits).
 */
export async function adminView(ctx: Pick<AppContext, 'database' | 'clock' | 'config'>, team: TeamRow & { role: 'owner' | 'admin' }): Promise<TeamAdminView> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  // Independent reads, side by side (a pool runs them at once on PostgreSQL); the orders and favourites
  // are found through the team's invitations rather than a list of hundreds of ids.
  const [seats, purchases, invitations, teamOrders, favs, links, admins, adminInvitations] = await Promise.all([
    seatCounts(db, team.id),
    db.select().from(seatPurchases).where(eq(seatPurchases.teamId, team.id)).orderBy(desc(seatPurchases.createdAt)),
    db.select().from(teamInvitations).where(eq(teamInvitations.teamId, team.id)).orderBy(desc(teamInvitations.invitedAt)),
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(teamInvitations, eq(teamInvitations.id, orders.teamInvitationId))
      .where(and(eq(teamInvitations.teamId, team.id), isNull(orders.deletingAt)))
      .orderBy(desc(orders.createdAt)),
    db
      .select({ orderId: favorites.orderId, no: favorites.no })
      .from(favorites)
      .innerJoin(orders, eq(orders.id, favorites.orderId))
      .innerJoin(teamInvitations, eq(teamInvitations.id, orders.teamInvitationId))
      .where(and(eq(teamInvitations.teamId, team.id), eq(orders.status, 'completed'))),
    db.select().from(teamLinks).where(eq(teamLinks.teamId, team.id)).orderBy(desc(teamLinks.createdAt)),
    db
      .select({ email: users.email, role: teamAdmins.role })
      .from(teamAdmins)
      .innerJoin(users, eq(users.id, teamAdmins.userId))
      .where(eq(teamAdmins.teamId, team.id))
      .orderBy(teamAdmins.createdAt),
    db
      .select({ email: teamAdminInvitations.email, invitedAt: teamAdminInvitations.invitedAt })
      .from(teamAdminInvitations)
      .where(and(eq(teamAdminInvitations.teamId, team.id), isNull(teamAdminInvitations.endedAt)))
      .orderBy(teamAdminInvitations.invitedAt),
  ]);
  const latest = latestOf(teamOrders);
  const favsOf = new Map<string, number[]>();
  for (const f of favs) favsOf.set(f.orderId, [...(favsOf.get(f.orderId) ?? []), f.no]);
  const linkUrls = new Map(await Promise.all(links.map(async (l) => [l.id, linkUrl(ctx.config.publicUrl, await linkToken(db, l.id))] as const)));
  const sign = await favoriteLinkSigner(db, now);
  const members: TeamMember[] = [];
  for (const invitation of invitations) {
    const order = latest.get(invitation.id);
    const { status, at } = memberStatus(invitation, order);
    const delivered = order?.status === 'completed' ? order.id : null;
    const nos = delivered ? (favsOf.get(delivered) ?? []).sort((a, b) => a - b) : [];
    members.push({
      id: invitation.id,
      email: invitation.email,
      status,
      invitedAt: invitation.invitedAt.toISOString(),
      joinedAt: invitation.joinedAt?.toISOString() ?? null,
      statusAt: at.toISOString(),
      remindersSent: invitation.remindersSent,
      canRemind: status === 'invited' && invitation.tokenHash !== null && invitation.remindersSent < LIMITS.teamRemindersMax,
      canRetry: retryOffered(invitation, order),
      retryUsed: invitation.retryGrantedAt !== null,
      favorites: delivered ? nos.map((no) => ({ orderId: delivered, no, url: `/v1/image/get/${delivered}/${no}?size=thumb&t=${sign(delivered, no)}` })) : [],
    });
  }
  return {
    id: team.id,
    name: team.name,
    role: team.role,
    brand: team.brand,
    seats: { bought: seats.bought, used: seats.used, free: seats.free },
    purchases: purchases.map((p) => purchaseView(p, seats.free, now)),
    members,
    links: links.map((l) => ({
      id: l.id,
      url: linkUrls.get(l.id) ?? '',
      domain: l.domain,
      cap: l.cap,
      used: l.used,
      expiresAt: l.expiresAt.toISOString(),
      revoked: l.revokedAt !== null,
    })),
    admins,
    adminInvitations: adminInvitations.map((i) => ({ email: i.email, invitedAt: i.invitedAt.toISOString() })),
  };
}
