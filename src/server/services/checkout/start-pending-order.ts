import type { AppContext } from '../../context.js';
import type { users } from '../../db/schema.js';
import type { PortraitPackage } from '../../../shared/catalog/packages.js';
import { packageCharge } from '../../../shared/catalog/packages.js';
import type { CheckoutCreateResponse } from '../../../shared/contracts/checkout.js';
import { createPendingOrder, deleteOrderAndFiles, type NewOrder } from '../orders/order-lifecycle.js';
import { openCheckoutSession } from './open-checkout-session.js';

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
    order: Omit<NewOrder, 'userId' | 'packageId' | 'imageTotal' | 'priceCents' | 'discountCents' | 'amountCents' | 'currency'>;
    now: Date;
    prepare?: (orderId: string) => Promise<void>;
  },
): Promise<CheckoutCreateResponse> {
  const created = await createPendingOrder(
    ctx.database.db,
    { ...order, userId: user.id, packageId: pkg.id, imageTotal: pkg.portraits, ...packageCharge(pkg), currency: pkg.currency },
    now,
  );
  try {
    await prepare?.(created.id);
    return await openCheckoutSession(ctx, { orderId: created.id, user, pkg, isBeta: created.isBeta });
  } catch (error) {
    await deleteOrderAndFiles(ctx, created.id, { filesBestEffort: true, now }).catch(() => {});
    throw error;
  }
}
