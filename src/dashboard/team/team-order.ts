import { readEnvelope } from '@/api/client';
import type { PortraitInfo } from '@/shared/contracts/checkout';
import type { ORDER_STATUSES } from '@/shared/orders';
import { checkoutFormData } from '../create-order/create-checkout';

/** The answer of `POST /v1/team/order`: the order, placed and paid for by the team. */
export interface TeamOrderPlaced {
  orderId: string;
  status: (typeof ORDER_STATUSES)[number];
}

/**
 * Places a member's order on their team: the same multipart form the checkout takes (photos and
 * `options`), with no payment. Rejects with the server's message, as every call does.
 */
export async function placeTeamOrder(portraitInfo: PortraitInfo, photos: readonly Blob[], options: { signal?: AbortSignal } = {}): Promise<TeamOrderPlaced> {
  const response = await fetch('/v1/team/order', {
    method: 'POST',
    credentials: 'include',
    body: checkoutFormData(portraitInfo, photos),
    signal: options.signal,
  });
  return (await readEnvelope<TeamOrderPlaced>(response)).data;
}
