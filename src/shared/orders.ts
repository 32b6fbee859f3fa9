import { shortOrderId } from './format';

/**
 * What the browser needs to know of an order without its schemas (those are in contracts/orders): the
 * states, and where its portraits and zips are fetched and how they are named.
 */

/** Order states the customer sees: pending until paid, then processing, completed or failed, and refunded. */
export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The renditions of a portrait: `thumb` (416 px wide, the gallery grid), `preview` (the full-screen
 * viewer, lower than the deliverable) and `full`, the deliverable itself. Only `full` counts as a download.
 */
export const PORTRAIT_SIZES = ['thumb', 'preview', 'full'] as const;
export type PortraitSize = (typeof PORTRAIT_SIZES)[number];

/**
 * Where the browser fetches portrait `no` of an order, in `size` (the deliverable when left out), and
 * `token` (the order info's `imageToken`) lets the server skip the session check. `version` (the order
 * info's, left out while 0) changes the address when the portrait is replaced: images are cached for good.
 */
export function portraitUrl(
  orderId: string,
  no: number,
  { size = 'full', token, version = 0 }: { size?: PortraitSize; token?: string; version?: number } = {},
): string {
  const query = new URLSearchParams();
  if (size !== 'full') query.set('size', size);
  if (token) query.set('t', token);
  if (version > 0) query.set('v', String(version));
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
