import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { offlineCheckoutSessions } from '../../db/schema.js';
import { hashToken } from '../../tokens.js';
import { CHECKOUT_SESSION_TTL_MS, type OfflineSessionState, type PaymentsProvider } from './payments.js';

/** A client secret for the session: what the payment form holds, never stored (only its hash). */
const newClientSecret = (sessionId: string) => `${sessionId}_secret_${randomBytes(24).toString('base64url')}`;

/** The card the offline checkout pretends to charge (clearly labelled test mode in the UI). */
export const OFFLINE_TEST_CARD_LAST4 = '4242';

/**
 * The embedded payment provider: checkout sessions live in our own database and are paid through the
 * offline checkout dialog (test mode). Fulfilment reads them back exactly as it reads Stripe's.
 */
export function createOfflinePayments(db: Db, clock: Clock): PaymentsProvider {
  const sessionState = (row: typeof offlineCheckoutSessions.$inferSelect): OfflineSessionState => ({
    sessionId: row.id,
    orderId: row.orderId,
    purchaseId: row.purchaseId,
    giftCardId: row.giftCardId,
    status: row.status === 'paid' ? 'paid' : row.status === 'expired' || row.expiresAt <= clock.now() ? 'expired' : 'open',
    priceCents: row.priceCents,
    discountCents: row.discountCents,
    amountCents: row.amountCents,
    currency: row.currency,
    couponCode: row.couponCode,
    paymentIntentId: null,
    cardLast4: row.amountCents > 0 ? OFFLINE_TEST_CARD_LAST4 : null,
    receiptUrl: null,
  });

  /** A session for a purchase that is not an order (a team's seats, a gift card): one undiscounted amount. */
  const purchaseSession = async (pays: { purchaseId?: string; giftCardId?: string }, amountCents: number, currency: string) => {
    const sessionId = `cs_offline_${randomBytes(12).toString('hex')}`;
    const clientSecret = newClientSecret(sessionId);
    const now = clock.now();
    await db.insert(offlineCheckoutSessions).values({
      id: sessionId,
      ...pays,
      clientSecretHash: hashToken(clientSecret),
      priceCents: amountCents,
      amountCents,
      currency,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
    });
    return { sessionId, clientSecret };
  };

  return {
    kind: 'offline',
    mode: 'test',
    publishableKey: null,
    async createCheckoutSession({ orderId, pkg, charge }) {
      const sessionId = `cs_offline_${randomBytes(12).toString('hex')}`;
      const clientSecret = newClientSecret(sessionId);
      const now = clock.now();
      const { priceCents, discountCents, amountCents, couponCode } = charge;
      await db.insert(offlineCheckoutSessions).values({
        id: sessionId,
        orderId,
        clientSecretHash: hashToken(clientSecret),
        priceCents,
        discountCents,
        amountCents,
        currency: pkg.currency,
        couponCode,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
      });
      return { sessionId, clientSecret };
    },
    async createSeatCheckoutSession({ purchaseId, pkg, quantity }) {
      return purchaseSession({ purchaseId }, pkg.priceCents * quantity, pkg.currency);
    },
    async createGiftCardCheckoutSession({ giftCardId, pkg }) {
      return purchaseSession({ giftCardId }, pkg.priceCents, pkg.currency);
    },
    async getCheckoutSession(sessionId) {
      const [row] = await db.select().from(offlineCheckoutSessions).where(eq(offlineCheckoutSessions.id, sessionId));
      return row ? sessionState(row) : null;
    },
    async reopenCheckoutSession(sessionId) {
      // Only the secret's hash is kept, so reopening gives the session a new secret: a form still open
      // elsewhere with the old one can no longer pay, and the session stays one payment.
      const clientSecret = newClientSecret(sessionId);
      const now = clock.now();
      const reopened = await db
        .update(offlineCheckoutSessions)
        .set({ clientSecretHash: hashToken(clientSecret) })
        .where(and(eq(offlineCheckoutSessions.id, sessionId), eq(offlineCheckoutSessions.status, 'open'), gt(offlineCheckoutSessions.expiresAt, now)))
        .returning({ id: offlineCheckoutSessions.id });
      return reopened.length === 1 ? { sessionId, clientSecret } : null;
    },
    async expireCheckoutSession(sessionId) {
      await db
        .update(offlineCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(offlineCheckoutSessions.id, sessionId), eq(offlineCheckoutSessions.status, 'open')));
    },
    async refund({ sessionId, purchaseId, key }) {
      if (purchaseId) {
        // A seat purchase is refunded in parts: each part's id follows from its key, so asking again answers the same refund.
        const [row] = await db
          .select({ status: offlineCheckoutSessions.status })
          .from(offlineCheckoutSessions)
          .where(eq(offlineCheckoutSessions.id, sessionId));
        if (row?.status !== 'paid') throw new Error(`offline session ${sessionId} is not paid, so it cannot be refunded`);
        return {
          refundId: `re_offline_${createHash('sha256')
            .update(`${purchaseId}:${key ?? ''}`)
            .digest('hex')
            .slice(0, 24)}`,
        };
      }
      const refundId = `re_offline_${randomBytes(12).toString('hex')}`;
      // The first refund of a paid session is kept; asking again answers it.
      await db
        .update(offlineCheckoutSessions)
        .set({ refundId, refundedAt: clock.now() })
        .where(and(eq(offlineCheckoutSessions.id, sessionId), eq(offlineCheckoutSessions.status, 'paid'), isNull(offlineCheckoutSessions.refundId)));
      const [row] = await db
        .select({ refundId: offlineCheckoutSessions.refundId })
        .from(offlineCheckoutSessions)
        .where(eq(offlineCheckoutSessions.id, sessionId));
      if (!row?.refundId) throw new Error(`offline session ${sessionId} is not paid, so it cannot be refunded`);
      return { refundId: row.refundId };
    },
    offline: {
      async findByClientSecret(clientSecret) {
        const [row] = await db
          .select()
          .from(offlineCheckoutSessions)
          .where(eq(offlineCheckoutSessions.clientSecretHash, hashToken(clientSecret)));
        return row ? sessionState(row) : null;
      },
      async pay(sessionId, paid) {
        const now = clock.now();
        await db
          .update(offlineCheckoutSessions)
          .set({ status: 'paid', paidAt: now, ...paid })
          .where(and(eq(offlineCheckoutSessions.id, sessionId), eq(offlineCheckoutSessions.status, 'open'), gt(offlineCheckoutSessions.expiresAt, now)));
      },
    },
  };
}
