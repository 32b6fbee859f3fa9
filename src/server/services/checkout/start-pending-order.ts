import type { AppContext } from '../../context.js';
import type { users } from '../../db/schema.js';
import type { PortraitPackage } from '../../../shared/catalog/packages.js';
import type { CheckoutCreateResponse } from '../../../shared/contracts/checkout.js';
import { createPendingOrder, deleteOrderAndFiles, type NewOrder } from '../orders/order-lifecycle.js';
import { openCheckoutSession } from './open-checkout-session.js';
import { identityOf } from '../entitlements/identity.js';
import { holdCredits, orderCharge } from '../referrals/checkout-discounts.js';

type Ctx = Pick<AppContext, 'database' | 'files' | 'payments' | 'config'>;

/**
 * The part every purchase shares: a `pending` order priced from the catalog, what it needs stored
 * (`prepare`: a new order's selfies and beta seat; a refresh has nothing), then its payment session. If
 * any of it fails, the order goes with its files and whatever it held, so the customer simply tries again.
 */
export async function startPendingOrder(
  ctx: Ctx,
  {
    user,
    pkg,
    order,
    now,
    prepare,
  }: {
    user: typeof users.$inferSelect;
    pkg: PortraitPackage;
    order: Omit<NewOrder, 'userId' | 'packageId' | 'imageTotal' | 'priceCents' | 'discountCents' | 'amountCents' | 'currency' | 'couponCode'>;
    now: Date;
    prepare?: (orderId: string) => Promise<void>;
  },
): Promise<CheckoutCreateResponse> {
  const { db } = ctx.database;
  // The catalog's price, less the friend's welcome discount of a referred person's first order (referrals).
  const { charge, creditRoomCents } = await orderCharge(db, { identity: await identityOf(db, user.email), pkg });
  const created = await createPendingOrder(
    db,
    { ...order, userId: user.id, packageId: pkg.id, imageTotal: pkg.portraits, ...charge, currency: pkg.currency },
    now,
  );
  try {
    await prepare?.(created.id);
    // Referrals: the customer's usable credits are held on this order until it is paid or its checkout ends.
    const final = await holdCredits(db, { userId: user.id, orderId: created.id, charge, roomCents: creditRoomCents, now });
    return await openCheckoutSession(ctx, { orderId: created.id, user, pkg, isBeta: created.isBeta, charge: final });
  } catch (error) {
    await deleteOrderAndFiles(ctx, created.id, { filesBestEffort: true, now }).catch(() => {});
    throw error;
  }
}
