import { desc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oauthIdentities, orders, payments, sessions, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { bundledLanguage } from '../../i18n.js';
import type { OperatorCustomer } from '../../../shared/contracts/operator.js';
import { operatorOrderRow, orderRowColumns } from './search-orders.js';

/** A customer by email, as the console shows them: their orders, payments, sign-in methods and when they were last seen. */
export async function getCustomer(db: Db, email: string): Promise<OperatorCustomer> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new AppError('NOT_FOUND', 'No customer has this email');
  const [identities, [seen], owned, paid] = await Promise.all([
    db.select({ provider: oauthIdentities.provider }).from(oauthIdentities).where(eq(oauthIdentities.userId, user.id)),
    db
      .select({ at: max(sessions.lastSeenAt) })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
    db
      .select(orderRowColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(desc(payments.createdAt)),
  ]);
  const providers = new Set(identities.map((i) => i.provider));
  return {
    id: user.id,
    email: user.email,
    nickName: user.nickName,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    lastSeenAt: seen?.at ? new Date(seen.at).toISOString() : null,
    signInMethods: ['email', ...(['google', 'microsoft'] as const).filter((p) => providers.has(p))],
    language: bundledLanguage(user.language),
    orders: owned.map(operatorOrderRow),
    payments: paid.map((p) => ({
      orderId: p.orderId,
      paidAt: p.createdAt.toISOString(),
      packageId: p.packageId,
      amountCents: p.amountCents,
      currency: p.currency,
      refundedCents: p.refundedCents,
    })),
  };
}
