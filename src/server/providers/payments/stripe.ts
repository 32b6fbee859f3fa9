import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { BETA_COUPON, FIRST_ORDER_COUPON } from '../../../shared/catalog/packages.js';
import { first30Cents, REFERRAL_CODES } from '../../../shared/referrals.js';
import type { Clock } from '../../clock.js';
import { CHECKOUT_SESSION_TTL_MS, type CheckoutPaymentStatus, type CheckoutSessionState, type PaymentsProvider } from './payments.js';

type StripeSettings = NonNullable<Config['stripe']>;

const BETA_COUPON_ID = 'portrait-studio-beta-100';
const FIRST30_COUPON_ID = 'portrait-studio-first30';

/** The Stripe client; `apiUrl` points it at a recorded stand-in in tests (the network is closed there). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(api ? { host: api.hostname, port: Number(api.port), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/** A PaymentIntent still on its way; any other state of an unpaid, completed session means the payment failed. */
const SETTLING_INTENT = new Set(['processing', 'requires_action', 'requires_confirmation', 'requires_capture']);

/**
 * Where a session stands. A completed session is `paid` (or `no_payment_required`, a 100%-off order) once
 * the money is in; an unpaid completed one is a delayed method (bank debit) still settling, or one that
 * failed, which its PaymentIntent tells (`checkout.session.async_payment_failed` leaves it needing a new method).
 */
function paymentStatus(session: Stripe.Checkout.Session, intent: Stripe.PaymentIntent | null): CheckoutPaymentStatus {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'open';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  return !intent || SETTLING_INTENT.has(intent.status) ? 'processing' : 'failed';
}

/**
 * Stripe's embedded Checkout: one Customer per user, a line item priced from our catalog, the order id
 * in metadata, FIRST30 as a promotion code limited to first-time customers, beta as a 100% coupon.
 */
export function createStripePayments(settings: StripeSettings, clock: Clock, stripe = createStripeClient(settings)): PaymentsProvider {
  let discountsReady: Promise<void> | undefined;
  // The coupons are created once per account; a failure is retried by the next checkout.
  const ensureDiscounts = () =>
    (discountsReady ??= (async () => {
      await stripe.coupons.retrieve(BETA_COUPON_ID).catch(async (error) => {
        if (!isMissing(error)) throw error;
        await stripe.coupons.create({ id: BETA_COUPON_ID, percent_off: BETA_COUPON.percentOff, duration: 'once', name: 'Beta tester package' });
      });
      await stripe.coupons.retrieve(FIRST30_COUPON_ID).catch(async (error) => {
        if (!isMissing(error)) throw error;
        await stripe.coupons.create({ id: FIRST30_COUPON_ID, percent_off: FIRST_ORDER_COUPON.percentOff, duration: 'once', name: FIRST_ORDER_COUPON.code });
      });
      const codes = await stripe.promotionCodes.list({ code: FIRST_ORDER_COUPON.code, active: true, limit: 1 });
      if (codes.data.length === 0) {
        await stripe.promotionCodes.create({
          promotion: { type: 'coupon', coupon: FIRST30_COUPON_ID },
          code: FIRST_ORDER_COUPON.code,
          restrictions: { first_time_transaction: true },
        });
      }
    })().catch((error) => {
      discountsReady = undefined;
      throw error;
    }));

  /**
   * Referrals: the discount of an order that carries the friend's welcome discount or credits, as one
   * coupon: FIRST30's own when it is the better discount and no credit comes with it, else a coupon of
   * this order alone (amount off, once, redeemable once, made once per order by its idempotency key).
   */
  const referralDiscount = async (
    orderId: string,
    currency: string,
    firstOrderCode: boolean,
    charge: { priceCents: number; referralDiscountCents: number; creditCents: number },
  ): Promise<{ couponId: string; couponCode: string } | null> => {
    if (charge.referralDiscountCents === 0 && charge.creditCents === 0) return null;
    const first30 = firstOrderCode ? first30Cents(charge.priceCents) : 0;
    const useFirst30 = first30 > charge.referralDiscountCents;
    const couponCode = useFirst30 ? FIRST_ORDER_COUPON.code : charge.referralDiscountCents > 0 ? REFERRAL_CODES.friend : REFERRAL_CODES.credit;
    if (useFirst30 && charge.creditCents === 0) return { couponId: FIRST30_COUPON_ID, couponCode };
    const amountOff = (useFirst30 ? first30 : charge.referralDiscountCents) + charge.creditCents;
    const coupon = await stripe.coupons.create(
      {
        id: `order-${orderId}`,
        amount_off: amountOff,
        currency,
        duration: 'once',
        max_redemptions: 1,
        name: couponCode === REFERRAL_CODES.credit ? 'Referral credit' : `${couponCode} discount`,
      },
      { idempotencyKey: `order-coupon-${orderId}` },
    );
    return { couponId: coupon.id, couponCode };
  };

  /** The user's Customer in this mode: the one recorded, or one made now (once per user, by its key). */
  const customerFor = async (user: { id: string; email: string; stripeCustomerId: string | null }) =>
    user.stripeCustomerId ??
    (await stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` })).id;

  /**
   * An embedded Checkout session for one payment: an order's or a team's seats. Stripe's floor is 30
   * minutes; the session lives exactly as long as an unpaid beta order holds its seat.
   */
  const embeddedCheckout = async (params: Stripe.Checkout.SessionCreateParams, idempotencyKey: string) => {
    const session = await stripe.checkout.sessions.create(
      {
        ...params,
        ui_mode: 'embedded_page',
        mode: 'payment',
        expires_at: Math.floor((clock.now().getTime() + CHECKOUT_SESSION_TTL_MS) / 1000),
        redirect_on_completion: 'if_required',
      },
      { idempotencyKey },
    );
    // An embedded Checkout session always carries one; without it the browser could not show the form.
    if (!session.client_secret) throw new Error(`Stripe created checkout session ${session.id} without a client secret`);
    return { sessionId: session.id, clientSecret: session.client_secret };
  };

  return {
    kind: 'stripe',
    mode: settings.secretKey.startsWith('sk_live_') ? 'live' : 'test',
    publishableKey: settings.publishableKey,
    async createCheckoutSession({ orderId, user, pkg, isBeta, firstOrderCode, charge, returnUrl }) {
      await ensureDiscounts();
      const customerId = await customerFor(user);
      const referral = isBeta ? null : await referralDiscount(orderId, pkg.currency, firstOrderCode, charge);
      const created = await embeddedCheckout(
        {
          customer: customerId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: pkg.currency,
                unit_amount: pkg.priceCents,
                product_data: { name: `Portrait Studio ${pkg.id} package`, description: `${pkg.portraits} AI portraits` },
              },
            },
          ],
          metadata: { orderId, packageId: pkg.id, ...(referral ? { couponCode: referral.couponCode } : {}) },
          payment_intent_data: { metadata: { orderId } },
          return_url: returnUrl,
          // The beta package carries its coupon; a refresh takes none; other orders may enter FIRST30 while
          // the person has had no paid order (Stripe's first-time restriction knows only this Customer, and a
          // deleted and recreated account is a new Customer).
          // Referrals: the friend's welcome discount or credits come as the order's own coupon, the better
          // of it and FIRST30 applied by us (Stripe takes one discount, and not with promotion codes).
          ...(isBeta
            ? { discounts: [{ coupon: BETA_COUPON_ID }] }
            : referral
              ? { discounts: [{ coupon: referral.couponId }] }
              : { allow_promotion_codes: pkg.id !== 'refresh' && firstOrderCode }),
        },
        `checkout-${orderId}`,
      );
      return { ...created, customerId };
    },
    async createSeatCheckoutSession({ purchaseId, user, pkg, quantity, returnUrl }) {
      const customerId = await customerFor(user);
      // No discounts: FIRST30 and the beta coupon are for a person's own order, never for seats.
      const created = await embeddedCheckout(
        {
          customer: customerId,
          line_items: [
            {
              quantity,
              price_data: {
                currency: pkg.currency,
                unit_amount: pkg.priceCents,
                product_data: { name: `Portrait Studio ${pkg.id} team seat`, description: `One person's ${pkg.portraits} AI portraits` },
              },
            },
          ],
          metadata: { purchaseId, packageId: pkg.id, quantity: String(quantity) },
          payment_intent_data: { metadata: { purchaseId } },
          return_url: returnUrl,
        },
        `seats-${purchaseId}`,
      );
      return { ...created, customerId };
    },
    async createGiftCardCheckoutSession({ giftCardId, user, pkg, returnUrl }) {
      const customerId = await customerFor(user);
      // No discounts: a gift card is bought at the catalog price.
      const created = await embeddedCheckout(
        {
          customer: customerId,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: pkg.currency,
                unit_amount: pkg.priceCents,
                product_data: { name: `Portrait Studio ${pkg.id} gift card`, description: `${pkg.portraits} AI portraits, as a gift` },
              },
            },
          ],
          metadata: { giftCardId, packageId: pkg.id },
          payment_intent_data: { metadata: { giftCardId } },
          return_url: returnUrl,
        },
        `giftcard-${giftCardId}`,
      );
      return { ...created, customerId };
    },
    async getCheckoutSession(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['payment_intent.latest_charge', 'discounts.promotion_code'],
        });
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const discount = session.discounts?.[0];
      const promotion = discount && typeof discount.promotion_code === 'object' ? discount.promotion_code : null;
      const couponId = discount ? (typeof discount.coupon === 'string' ? discount.coupon : discount.coupon?.id) : undefined;
      const state: CheckoutSessionState = {
        sessionId: session.id,
        orderId: session.metadata?.orderId ?? null,
        purchaseId: session.metadata?.purchaseId ?? null,
        giftCardId: session.metadata?.giftCardId ?? null,
        status: paymentStatus(session, intent),
        priceCents: session.amount_subtotal ?? 0,
        discountCents: session.total_details?.amount_discount ?? 0,
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? 'usd',
        couponCode:
          promotion?.code ??
          (couponId === BETA_COUPON_ID
            ? BETA_COUPON.code
            : couponId === FIRST30_COUPON_ID
              ? FIRST_ORDER_COUPON.code
              : (session.metadata?.couponCode ?? couponId ?? null)),
        paymentIntentId: intent?.id ?? null,
        cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
        receiptUrl: charge?.receipt_url ?? null,
      };
      return state;
    },
    async reopenCheckoutSession(sessionId) {
      // An embedded session keeps its client secret while it is open, so the same form can be mounted again.
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return session.status === 'open' && session.client_secret ? { sessionId: session.id, clientSecret: session.client_secret } : null;
    },
    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Stripe refuses to expire a session that is not open (paid, settling, or expired already): the
        // caller reads the session back and learns which.
        const { statusCode } = error as { statusCode?: number };
        if (statusCode !== 400 && statusCode !== 404) throw error;
      }
    },
    async refund({ orderId, purchaseId, giftCardId, key, paymentIntentId, amountCents }) {
      if (!paymentIntentId) throw new Error(`payment of ${orderId ?? purchaseId ?? giftCardId} has no Stripe PaymentIntent to refund`);
      // Gift cards: refunded in full, once per card.
      if (giftCardId) {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, amount: amountCents, reason: 'requested_by_customer', metadata: { giftCardId } },
          { idempotencyKey: `giftcard-refund-${giftCardId}` },
        );
        return { refundId: refund.id };
      }
      // One key per order (or per purchase and part): a retry, or a second process finishing an interrupted
      // refund, gets the same refund.
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: amountCents,
          reason: 'requested_by_customer',
          metadata: purchaseId ? { purchaseId } : { orderId: orderId ?? '' },
        },
        { idempotencyKey: purchaseId ? `seat-refund-${purchaseId}-${key ?? ''}` : `refund-${orderId}` },
      );
      return { refundId: refund.id };
    },
  };
}

/** Verifies a webhook's signature on the raw body; throws when it does not match. */
export function verifyStripeWebhook(settings: StripeSettings, rawBody: Buffer, signature: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
}
