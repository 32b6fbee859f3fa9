import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { seatPurchases, teamAdmins, teamInvitations, teams, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuditEntry } from '../../../shared/contracts/operator.js';
import { canonicalEmail } from '../../../shared/email.js';
import { UUID_PATTERN } from '../../../shared/ids.js';
import { latestOrders, memberStatus, purchaseView } from '../teams/admin-view.js';
import { findMember } from '../teams/find-member.js';
import { grantRetryOnce } from '../teams/retry-member.js';
import { lockTeam, seatCounts } from '../teams/seats.js';
import { mailNewOwner } from '../teams/team-owner.js';
import { type Actor, runAction } from './audit.js';

const LIMIT = 100;

/** One team's row in the console. */
async function teamRow(db: Db, team: typeof teams.$inferSelect) {
  const [owner] = await db
    .select({ email: users.email })
    .from(teamAdmins)
    .innerJoin(users, eq(users.id, teamAdmins.userId))
    .where(sql`${teamAdmins.teamId} = ${team.id} and ${teamAdmins.role} = 'owner'`);
  const seats = await seatCounts(db, team.id);
  const [money] = await db
    .select({
      paid: sql<number>`coalesce(sum(${seatPurchases.amountCents}) filter (where ${seatPurchases.status} = 'paid'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${seatPurchases.refundedCents}), 0)::int`,
    })
    .from(seatPurchases)
    .where(eq(seatPurchases.teamId, team.id));
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(sql`${teamInvitations.teamId} = ${team.id} and ${teamInvitations.revokedAt} is null`);
  return {
    id: team.id,
    name: team.name,
    ownerEmail: owner?.email ?? null,
    createdAt: team.createdAt.toISOString(),
    seatsBought: seats.bought,
    seatsUsed: seats.used,
    members: members?.n ?? 0,
    paidCents: money?.paid ?? 0,
    refundedCents: money?.refunded ?? 0,
  };
}

/** Teams by name or by an owner's, admin's or member's address; newest first (read-only). */
export async function searchTeams(db: Db, { query }: { query?: string }) {
  const q = query?.trim().toLowerCase();
  let found: (typeof teams.$inferSelect)[];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byAdmin = db.select({ id: teamAdmins.teamId }).from(teamAdmins).innerJoin(users, eq(users.id, teamAdmins.userId)).where(ilike(users.email, pattern));
    const byMember = db.select({ id: teamInvitations.teamId }).from(teamInvitations).where(ilike(teamInvitations.email, pattern));
    found = await db
      .select()
      .from(teams)
      .where(or(ilike(teams.name, pattern), inArray(teams.id, byAdmin), inArray(teams.id, byMember)))
      .orderBy(desc(teams.createdAt))
      .limit(LIMIT);
  } else {
    found = await db.select().from(teams).orderBy(desc(teams.createdAt)).limit(LIMIT);
  }
  const rows = [];
  for (const team of found) rows.push(await teamRow(db, team));
  return { teams: rows, total: rows.length };
}

/** The console may give a member's free retry once their order is done (however it went) or failed. */
const retryGrantable = (status: string, grantedAt: Date | null) => grantedAt === null && (status === 'done' || status === 'failed');

/** One team for the console: purchases, admins, members (no portraits: those are the members'). */
export async function getOperatorTeam(db: Db, teamId: string, now: Date) {
  const [team] = UUID_PATTERN.test(teamId) ? await db.select().from(teams).where(eq(teams.id, teamId)) : [];
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  const row = await teamRow(db, team);
  const free = (await seatCounts(db, team.id)).free;
  const purchases = await db.select().from(seatPurchases).where(eq(seatPurchases.teamId, team.id)).orderBy(desc(seatPurchases.createdAt));
  const admins = await db
    .select({ email: users.email, role: teamAdmins.role })
    .from(teamAdmins)
    .innerJoin(users, eq(users.id, teamAdmins.userId))
    .where(eq(teamAdmins.teamId, team.id));
  const invitations = await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, team.id)).orderBy(desc(teamInvitations.invitedAt));
  const latest = await latestOrders(
    db,
    invitations.map((i) => i.id),
  );
  return {
    team: { ...row, brand: team.brand },
    purchases: purchases.map((p) => purchaseView(p, free, now)),
    admins,
    members: invitations.map((i) => {
      const status = memberStatus(i, latest.get(i.id)).status;
      return {
        id: i.id,
        email: i.email,
        status,
        invitedAt: i.invitedAt.toISOString(),
        orderId: latest.get(i.id)?.id ?? null,
        retryUsed: i.retryGrantedAt !== null,
        canGrantRetry: retryGrantable(status, i.retryGrantedAt),
      };
    }),
  };
}

/**
 * The operator names the owner of a team that has none (its owner deleted their account when it had no
 * admin): an account that runs no other team, or an admin of this one; audited and mailed. A team with an
 * owner is refused: an owner is replaced only by their own deletion.
 */
export function nameTeamOwner(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log' | 'mailer' | 'config'>,
  actor: Actor,
  { teamId, email: address }: { teamId: string; email: string },
): Promise<AuditEntry> {
  const email = canonicalEmail(address);
  return runAction(ctx, actor, { action: 'setTeamOwner', customerEmail: email, detail: { teamId } }, async () => {
    const { db } = ctx.database;
    const named = await db.transaction(async (tx) => {
      const [team] = UUID_PATTERN.test(teamId) ? await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId)) : [];
      if (!team) throw new AppError('NOT_FOUND', 'Team not found');
      await lockTeam(tx, team.id);
      const [owner] = await tx
        .select({ userId: teamAdmins.userId })
        .from(teamAdmins)
        .where(and(eq(teamAdmins.teamId, team.id), eq(teamAdmins.role, 'owner')));
      if (owner) throw new AppError('CONFLICT', 'This team has an owner');
      const [user] = await tx.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.email, email));
      if (!user) throw new AppError('NOT_FOUND', 'No customer has this email');
      const [runs] = await tx.select({ teamId: teamAdmins.teamId }).from(teamAdmins).where(eq(teamAdmins.userId, user.id));
      if (runs && runs.teamId !== team.id) throw new AppError('CONFLICT', 'This customer already runs another team');
      if (runs)
        await tx
          .update(teamAdmins)
          .set({ role: 'owner' })
          .where(and(eq(teamAdmins.teamId, team.id), eq(teamAdmins.userId, user.id)));
      else await tx.insert(teamAdmins).values({ teamId: team.id, userId: user.id, role: 'owner', createdAt: ctx.clock.now() });
      return { teamName: team.name, email: user.email, language: user.language };
    });
    await mailNewOwner(ctx, named, 'named');
    return undefined;
  });
}

/**
 * The operator gives a member the team's free retry after a delivery the team may not (a full one the
 * member could not use, on the admin's or the member's word): audited, once per member as the team's own.
 */
export function grantTeamRetry(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log'>,
  actor: Actor,
  { teamId, memberId }: { teamId: string; memberId: string },
): Promise<AuditEntry> {
  const { db } = ctx.database;
  return (async () => {
    const [team] = UUID_PATTERN.test(teamId) ? await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)) : [];
    if (!team) throw new AppError('NOT_FOUND', 'Team not found');
    const invitation = await findMember(db, team.id, memberId);
    return runAction(ctx, actor, { action: 'grantTeamRetry', customerEmail: invitation.email, detail: { teamId, memberId } }, async () => {
      const { status } = memberStatus(invitation, (await latestOrders(db, [invitation.id])).get(invitation.id));
      if (!retryGrantable(status, invitation.retryGrantedAt)) {
        throw new AppError(
          'CONFLICT',
          invitation.retryGrantedAt ? 'This member’s free retry was already given' : 'A retry can be given once the member’s order is done or failed',
        );
      }
      await grantRetryOnce(db, invitation.id, ctx.clock.now());
      return undefined;
    });
  })();
}
