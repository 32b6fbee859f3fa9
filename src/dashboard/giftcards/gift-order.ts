import { readEnvelope } from '@/api/client';
import type { PortraitInfo } from '@/shared/contracts/checkout';
import type { ORDER_STATUSES } from '@/shared/orders';
import { checkoutFormData } from '../create-order/create-checkout';

/** The wizard's query for an order a redeemed gift card pays: `?giftcard=<id>`. */
export function giftCardQuery(path: string): string | null {
  const query = path.split('#')[0]?.split('?')[1] ?? '';
  return new URLSearchParams(query).get('giftcard');
}

/** Places the order a redeemed card pays: the checkout's multipart form with the card's id, and nothing to pay. */
export async function placeGiftOrder(
  portraitInfo: PortraitInfo,
  photos: readonly Blob[],
  giftCardId: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ orderId: string; status: (typeof ORDER_STATUSES)[number] }> {
  const response = await fetch('/v1/giftcards/order', {
    method: 'POST',
    credentials: 'include',
    body: checkoutFormData(portraitInfo, photos, { giftCardId }),
    signal: options.signal,
  });
  return (await readEnvelope<{ orderId: string; status: (typeof ORDER_STATUSES)[number] }>(response)).data;
}
