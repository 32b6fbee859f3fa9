import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { seatPurchases, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import type { SeatPackageId } from '../../../shared/contracts/team.js';
import { seatPackage } from './membership.js';
import { requireTeamAdmin } from './team-access.js';
import { openPurchaseCheckout } from '../checkout/open-purchase-checkout.js';

/**
 * Opens a checkout for `quantity` seats of a package, priced from the catalog (never discounted), through
 * the same provider as an order's checkout. The purchase stays `open` until the provider says it is paid.
 * A team's seats are all of one package: the first purchase chooses it.
 */
export async function buySeats(
  ctx: Pick<AppContext, 'database' | 'payments' | 'config' | 'clock'>,
  { userId, teamId, packageId, quantity }: { userId: string; teamId: string; packageId: SeatPackageId; quantity: number },
) {
  const { db } = ctx.database;
  const team = await requireTeamAdmin(db, userId, teamId);
  const pkg = findPackage(packageId);
  if (!pkg) throw new AppError('BAD_REQUEST', 'Invalid packageId: is not a package seats are sold for');
  const current = await seatPackage(db, team.id);
  if (current && current !== pkg.id) throw new AppError('BAD_REQUEST', `Invalid packageId: this team's seats are for the ${current} package`);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', 'Please log in to continue');
  const now = ctx.clock.now();
  const [purchase] = await db
    .insert(seatPurchases)
    .values({
      teamId: team.id,
      buyerId: userId,
      packageId: pkg.id,
      quantity,
      unitCents: pkg.priceCents,
      amountCents: pkg.priceCents * quantity,
      currency: pkg.currency,
      provider: ctx.payments.kind,
      createdAt: now,
    })
    .returning();
  if (!purchase) throw new Error('Inserting the seat purchase returned no row');
  const opened = await openPurchaseCheckout(ctx, {
    user,
    open: (known) =>
      ctx.payments.createSeatCheckoutSession({
        purchaseId: purchase.id,
        user: { id: user.id, email: user.email, stripeCustomerId: known },
        pkg,
        quantity,
        returnUrl: `${ctx.config.publicUrl}/dashboard/team?session_id={CHECKOUT_SESSION_ID}`,
      }),
    attach: (sessionId) => db.update(seatPurchases).set({ checkoutSessionId: sessionId }).where(eq(seatPurchases.id, purchase.id)),
    // Nothing was charged: the purchase that could not open its checkout is not kept.
    discard: () => db.delete(seatPurchases).where(eq(seatPurchases.id, purchase.id)),
  });
  return { purchaseId: purchase.id, ...opened };
}
