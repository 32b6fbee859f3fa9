import { call } from '@/api/client';
import type { CheckoutCreateResponse } from '@/shared/contracts/checkout';

/**
 * The payment form said it is paid: with Stripe the server is asked to read the session back now
 * rather than wait for the webhook (the offline checkout's pay call already settled it), so that the
 * list reloaded next shows the order as paid. A failed check is only logged: the webhook and the
 * every-minute sweep settle the order anyway.
 */
export async function settleAfterPayment(checkout: CheckoutCreateResponse): Promise<void> {
  if (checkout.provider !== 'stripe') return;
  await call('confirmCheckout', { sessionId: checkout.sessionId }).catch((error: unknown) => console.error('Could not check the payment', error));
}
