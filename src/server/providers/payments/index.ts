import type { Config } from '../../config.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { createOfflinePayments } from './offline.js';
import type { PaymentsProvider } from './payments.js';

export {
  CHECKOUT_SESSION_TTL_MS,
  type CheckoutPaymentStatus,
  type CheckoutSessionState,
  type CreatedCheckoutSession,
  type OfflineSessionState,
  type PaymentsProvider,
} from './payments.js';

/** Stripe when its keys are set (its SDK loaded only then), otherwise the offline test checkout. */
export async function createPayments(config: Config['stripe'], db: Db, clock: Clock): Promise<PaymentsProvider> {
  return config ? (await import('./stripe.js')).createStripePayments(config, clock) : createOfflinePayments(db, clock);
}
