import type { PortraitPackage } from '../../../shared/catalog/packages.js';

export interface CheckoutSessionInput {
  orderId: string;
  /** `stripeCustomerId`: the customer record the provider made for the user before, in this provider's mode. */
  user: { id: string; email: string; stripeCustomerId: string | null };
  pkg: PortraitPackage;
  isBeta: boolean;
  /** The customer may still enter FIRST30 (their first paid order, by the entitlement ledger). */
  firstOrderCode: boolean;
  /**
   * What the order costs as the server priced it: the beta code, or (referrals) the friend's welcome
   * discount and the credits held on the order. FIRST30 typed at the payment replaces the friend's
   * discount only when it takes more.
   */
  charge: {
    priceCents: number;
    discountCents: number;
    amountCents: number;
    couponCode: string | null;
    referralDiscountCents: number;
    creditCents: number;
  };
  /** Where the payment page returns to when a payment method needs a redirect. */
  returnUrl: string;
}

/** A team's seats: `quantity` seats of `pkg` at its catalog price, never discounted (no FIRST30, no beta coupon). */
export interface SeatCheckoutInput {
  purchaseId: string;
  user: { id: string; email: string; stripeCustomerId: string | null };
  pkg: PortraitPackage;
  quantity: number;
  returnUrl: string;
}

/** Gift cards: one card of `pkg` at its catalog price, never discounted (no FIRST30, no beta coupon). */
export interface GiftCardCheckoutInput {
  giftCardId: string;
  user: { id: string; email: string; stripeCustomerId: string | null };
  pkg: PortraitPackage;
  returnUrl: string;
}

/**
 * How long a checkout session can be paid. Stripe allows 30 minutes to 24 hours; an hour is ample for a
 * payment form in a dialog, and an unpaid beta checkout holds its seat for exactly as long.
 */
export const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * Where a checkout session stands: `open` (not paid yet), `processing` (paid with a method that settles
 * later), `paid`, `failed` (the payment did not go through) or `expired` (it can no longer be paid).
 */
export type CheckoutPaymentStatus = 'open' | 'processing' | 'paid' | 'failed' | 'expired';

export interface CreatedCheckoutSession {
  sessionId: string;
  clientSecret: string;
  /** Set when the provider created a customer record for the user (Stripe). */
  customerId?: string;
}

/** The provider's truth about a checkout session, read back before anything is fulfilled. */
export interface CheckoutSessionState {
  sessionId: string;
  orderId: string | null;
  /** The team seat purchase the session pays, when it pays one rather than an order. */
  purchaseId: string | null;
  /** Gift cards: the gift card the session pays, when it pays one. */
  giftCardId: string | null;
  status: CheckoutPaymentStatus;
  priceCents: number;
  discountCents: number;
  amountCents: number;
  currency: string;
  couponCode: string | null;
  paymentIntentId: string | null;
  cardLast4: string | null;
  receiptUrl: string | null;
}

/** A session of the offline checkout, which is never `processing` or `failed`: its test card always works. */
export interface OfflineSessionState extends CheckoutSessionState {
  status: 'open' | 'paid' | 'expired';
}

/** The offline checkout's own dialog: it finds its session by the client secret and pays it (test mode). */
export interface OfflineCheckout {
  findByClientSecret(clientSecret: string): Promise<OfflineSessionState | null>;
  /** Pays an open, unexpired session with these amounts; a session that is not open is left as it is. */
  pay(sessionId: string, paid: { discountCents: number; amountCents: number; couponCode: string | null }): Promise<void>;
}

/**
 * A payment to give back: the order's checkout session, and Stripe's PaymentIntent when there is one. A
 * seat purchase's refund names the purchase and a `key` of its own (the purchase and the seats refunded
 * before it), so that each partial refund is made once however often it is asked for.
 */
export interface RefundInput {
  orderId: string | null;
  purchaseId?: string;
  /** Gift cards: a gift card's payment, refunded in full once. */
  giftCardId?: string;
  key?: string;
  sessionId: string;
  paymentIntentId: string | null;
  amountCents: number;
}

/** Takes payments: the offline test checkout by default, Stripe's embedded Checkout when keys are set. */
export interface PaymentsProvider {
  kind: 'offline' | 'stripe';
  /**
   * Test or live money: Stripe's key says which (`sk_live_…`), the offline checkout is always a test.
   * Stripe keeps the two apart, so a customer record made with test keys does not exist for live ones.
   */
  mode: 'test' | 'live';
  /** Given to the browser to mount the payment form (Stripe only). */
  publishableKey: string | null;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /** A checkout session for a team's seats: one line item, `quantity` × the package's price. */
  createSeatCheckoutSession(input: SeatCheckoutInput): Promise<CreatedCheckoutSession>;
  /** Gift cards: a checkout session for one gift card, one line item at the package's price. */
  createGiftCardCheckoutSession(input: GiftCardCheckoutInput): Promise<CreatedCheckoutSession>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>;
  /**
   * What the browser needs to show an open session's payment form again (My Orders' "Complete payment");
   * null when the session can no longer be paid (paid, settling, failed or expired).
   */
  reopenCheckoutSession(sessionId: string): Promise<CreatedCheckoutSession | null>;
  /**
   * Ends an open session so that it can never be paid (the customer discarded the order). A session that
   * is no longer open is left as it is: the caller reads its state back to learn what happened.
   */
  expireCheckoutSession(sessionId: string): Promise<void>;
  /**
   * Refunds a payment (an order's in full, a seat purchase's in part). Idempotent per order, or per
   * purchase and `key`: asking again (a retry, a crash before we recorded the answer) gives back the same
   * refund, never a second one.
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Present only on the offline provider. */
  offline?: OfflineCheckout;
}
