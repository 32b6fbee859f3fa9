import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { teamInvitations, teams, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import type { PortraitInfo } from '../../../shared/contracts/checkout.js';
import { checkOrderForm, placePrepaidOrder, preparePhotos } from '../orders/place-prepaid-order.js';
import { membershipOf, orderInProgress, seatPackage } from './membership.js';
import { lockTeam, seatCounts } from './seats.js';

/** The answers against the team's brand: its category, and the attire and backgrounds it allows. */
function checkAgainstBrand(info: PortraitInfo, brand: typeof teams.$inferSelect.brand): void {
  if (!brand) return;
  if (info.type !== brand.category) throw new AppError('BAD_REQUEST', `Invalid portraitInfo.type: your team's portraits are ${brand.category} portraits`);
  for (const field of ['attire', 'background'] as const) {
    const allowed = new Set(brand[field]);
    const bad = info[field].find((id) => !allowed.has(id));
    if (bad) throw new AppError('BAD_REQUEST', `Invalid portraitInfo.${field}: "${bad}" is not one your team allows`);
  }
}

/**
 * A team member's order: the same photo check and answers as a customer's checkout (checked against the
 * brand), made with the seat's package and created paid for by the team (amount 0, no payment
 * provider). The seat (or the member's free retry) is taken under the team's lock, then the selfies are
 * stored; if storing fails the order goes and the seat comes back. Generation is scheduled as for a paid order.
 */
export async function placeTeamOrder(
  ctx: Pick<AppContext, 'database' | 'files' | 'queue' | 'clock' | 'log' | 'faces'>,
  { userId, portraitInfo, photos }: { userId: string; portraitInfo: PortraitInfo; photos: { bytes: Buffer; filename: string }[] },
) {
  const { db } = ctx.database;
  const invitation = await membershipOf(db, userId);
  if (!invitation) throw new AppError('NOT_FOUND', 'You are not a member of a team');
  const [team] = await db.select().from(teams).where(eq(teams.id, invitation.teamId));
  if (!team) throw new AppError('NOT_FOUND', 'You are not a member of a team');
  const category = checkOrderForm(portraitInfo, photos);
  checkAgainstBrand(portraitInfo, team.brand);
  const pkg = findPackage((await seatPackage(db, team.id)) ?? '');
  if (!pkg) throw new AppError('CONFLICT', 'Your team has no seats yet; ask your team’s admin');
  if (await orderInProgress(db, invitation.id)) throw new AppError('CONFLICT', 'Your portraits are already on their way: one order at a time');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue');

  // The selfie check first: a set it refuses is answered before a seat is taken.
  const { checks, normalized } = await preparePhotos(ctx, photos);

  const now = ctx.clock.now();
  const right = await db.transaction(async (tx) => {
    await lockTeam(tx, team.id);
    const [current] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.revokedAt)));
    if (!current) return 'gone' as const;
    if (!current.orderedAt) {
      if (current.seat !== 'held' && (await seatCounts(tx, team.id)).free <= 0) return 'noSeat' as const;
      await tx.update(teamInvitations).set({ seat: 'used', orderedAt: now }).where(eq(teamInvitations.id, current.id));
      return 'seat' as const;
    }
    if (current.retryGrantedAt && !current.retryUsedAt) {
      await tx.update(teamInvitations).set({ retryUsedAt: now }).where(eq(teamInvitations.id, current.id));
      return 'retry' as const;
    }
    return 'ordered' as const;
  });
  if (right === 'gone') throw new AppError('NOT_FOUND', 'You are not a member of a team');
  if (right === 'noSeat') throw new AppError('CONFLICT', `${team.name} has no free seat left; ask your team’s admin`);
  if (right === 'ordered') throw new AppError('CONFLICT', 'You have already placed your order on your team');
  const giveBack = () =>
    db
      .update(teamInvitations)
      .set(right === 'seat' ? { seat: 'held', orderedAt: null } : { retryUsedAt: null })
      .where(eq(teamInvitations.id, invitation.id));

  const placed = await placePrepaidOrder(ctx, {
    order: { userId, categoryId: category.id, teamId: team.id, teamInvitationId: invitation.id, teamSeat: right === 'seat' },
    pkg,
    portraitInfo,
    categoryName: category.name,
    normalized,
    checks,
    giveBack,
    keptMessage: 'We could not save your photos just now, and your seat is kept. Please try again in a few minutes.',
  });
  ctx.log.info({ orderId: placed.orderId, teamId: team.id }, 'team order placed; generation enqueued');
  return placed;
}
