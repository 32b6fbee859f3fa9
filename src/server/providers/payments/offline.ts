import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offlineCheckoutSessions } from '../../db/schema.js';
import type { Clock } from '../../context.js';
import { hashToken } from '../../services/auth/tokens.js';
import { CHECKOUT_SESSION_TTL_MS, type CheckoutPaymentStatus, type PaymentsProvider } from './payments.js';

/** The card the offline checkout pretends to charge (clearly labelled test mode in the UI). */
export const OFFLINE_TEST_CARD_LAST4 = '4242';

/**
 * The embedded payment provider: checkout sessions live in our own database and are paid through the
 * offline checkout dialog (test mode). Fulfilment reads them back exactly as it reads Stripe's.
 */
export function createOfflinePayments(db: Db, clock: Clock): PaymentsProvider {
  return {
    kind: 'offline',
    publishableKey: null,
    async createCheckoutSession({ orderId, pkg, isBeta }) {
      const sessionId = `cs_offline_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${sessionId}_secret_${randomBytes(24).toString('base64url')}`;
      const now = clock.now();
      const discountCents = isBeta ? pkg.priceCents : 0;
      await db.insert(offlineCheckoutSessions).values({
        id: sessionId,
        orderId,
        clientSecretHash: hashToken(clientSecret),
        priceCents: pkg.priceCents,
        discountCents,
        amountCents: pkg.priceCents - discountCents,
        currency: pkg.currency,
        couponCode: isBeta ? 'BETA' : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
      });
      return { sessionId, clientSecret };
    },
    async getCheckoutSession(sessionId) {
      const [row] = await db.select().from(offlineCheckoutSessions).where(eq(offlineCheckoutSessions.id, sessionId));
      if (!row) return null;
      const status: CheckoutPaymentStatus =
        row.status === 'paid' ? 'paid' : row.status === 'expired' || row.expiresAt <= clock.now() ? 'expired' : 'open';
      return {
        sessionId: row.id,
        orderId: row.orderId,
        status,
        priceCents: row.priceCents,
        discountCents: row.discountCents,
        amountCents: row.amountCents,
        currency: row.currency,
        couponCode: row.couponCode,
        paymentIntentId: null,
        cardLast4: row.amountCents > 0 ? OFFLINE_TEST_CARD_LAST4 : null,
        receiptUrl: null,
      };
    },
  };
}
