import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { seatPurchases } from '../../db/schema.js';
import { settleCheckout } from '../checkout/settle-checkout.js';
import { requireTeamAdmin, teamNotFound } from './team-access.js';

/** The admin's seat purchase, settled now rather than when the webhook comes (as `confirmCheckout` does). */
export async function confirmSeats(
  ctx: Pick<AppContext, 'database' | 'files' | 'payments' | 'queue' | 'clock' | 'config' | 'log' | 'mailer'>,
  { userId, sessionId }: { userId: string; sessionId: string },
) {
  const { db } = ctx.database;
  const find = async () => (await db.select().from(seatPurchases).where(eq(seatPurchases.checkoutSessionId, sessionId)))[0];
  const purchase = await find();
  if (!purchase) throw teamNotFound();
  await requireTeamAdmin(db, userId, purchase.teamId);
  if (purchase.status === 'open') await settleCheckout(ctx, sessionId);
  const after = (await find()) ?? purchase;
  return { purchaseId: after.id, teamId: after.teamId, status: after.status };
}
