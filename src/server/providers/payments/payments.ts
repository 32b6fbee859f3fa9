import type { PortraitPackage } from '../../../shared/catalog/packages.js';

export interface CheckoutSessionInput {
  orderId: string;
  user: { id: string; email: string; stripeCustomerId: string | null };
  pkg: PortraitPackage;
  isBeta: boolean;
  /** Where the payment page returns to when a payment method needs a redirect. */
  returnUrl: string;
}

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
  paid: boolean;
  priceCents: number;
  discountCents: number;
  amountCents: number;
  currency: string;
  couponCode: string | null;
  paymentIntentId: string | null;
  cardLast4: string | null;
  receiptUrl: string | null;
}

/** Takes payments: the offline test checkout by default, Stripe's embedded Checkout when keys are set. */
export interface PaymentsProvider {
  kind: 'offline' | 'stripe';
  /** Given to the browser to mount the payment form (Stripe only). */
  publishableKey: string | null;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CreatedCheckoutSession>;
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionState | null>;
}
