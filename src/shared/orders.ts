import { shortOrderId } from './format';

/**
 * What the browser needs to know of an order without its schemas (those are in contracts/orders): the
 * states, and where its portraits and zips are fetched and how they are named.
 */

/** Order states the customer sees: pending until paid, then processing, completed or failed, and refunded. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where the browser fetches portrait `no` of an order; `thumb` asks for the small gallery rendition, and
 * `token` (the order info's `imageToken`) lets the server skip the session check.
 */
export function portraitUrl(orderId: string, no: number, { thumb = false, token }: { thumb?: boolean; token?: string } = {}): string {
  const query = new URLSearchParams();
  if (thumb) query.set('size', 'thumb');
  if (token) query.set('t', token);
  const search = query.toString();
  return `/v1/image/get/${encodeURIComponent(orderId)}/${no}${search ? `?${search}` : ''}`;
}

/** The zip of every portrait, or only the favorites. */
export function groupDownloadUrl(orderId: string, { favorites = false } = {}): string {
  return `/v1/order/groupDownload/${encodeURIComponent(orderId)}${favorites ? '?favorites=true' : ''}`;
}

/** The zip's file name: `portraits-1A2B3C4D.zip`, or `portraits-1A2B3C4D-favorites.zip`. */
export function zipFileName(orderId: string, { favorites = false } = {}): string {
  return `portraits-${shortOrderId(orderId)}${favorites ? '-favorites' : ''}.zip`;
}

/** A single portrait's file name, in the zip and when downloaded alone. */
export function portraitFileName(no: number): string {
  return `photo-${no}.jpg`;
}
