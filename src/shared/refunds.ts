import { LIMITS } from './limits';

/**
 * Why an order cannot be refunded now, by the refund policy (7 days from payment, nothing downloaded,
 * photos that met our standards), or null when it can. Server and dashboard share the reasons.
 * `partlyRefunded`: our support team refunded part of the payment (a goodwill refund); a payment is
 * refunded once, so the rest is a matter for support.
 */
export const REFUND_BLOCKS = [
  'refunded',
  'inProgress',
  'partlyRefunded',
  'notPaid',
  'free',
  'notReady',
  'downloaded',
  'windowEnded',
  'photos',
  'deleted',
] as const;
export type RefundBlock = (typeof REFUND_BLOCKS)[number];

/** What a customer reads when a refund is refused (the 409's message), in the order the rules apply. */
export const REFUND_REFUSALS: Record<RefundBlock, string> = {
  refunded: 'This order has already been refunded',
  inProgress: 'Your refund for this order is already being processed',
  partlyRefunded: 'Part of this order was already refunded by our support team; please write to support about the rest',
  notPaid: 'This order was not paid, so there is nothing to refund',
  free: 'Free orders (beta, paid for by a team, or with a gift card) cannot be refunded',
  notReady: 'A refund can be requested once your portraits are ready',
  downloaded: 'You downloaded portraits from this order',
  windowEnded: `The ${LIMITS.refundWindowDays}-day refund window has ended`,
  photos: 'The photos of this order did not meet our photo standards',
  deleted: 'This order was deleted; please write to support about its payment',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Photos of an order's stored selfie check that were not refused; null when the order has no check. */
export function usablePhotoCount(photoCheck: readonly { verdict: string }[] | null): number | null {
  return photoCheck ? photoCheck.filter((check) => check.verdict !== 'refused').length : null;
}

export interface RefundFacts {
  status: string;
  paidAt: Date | null;
  amountCents: number;
  isBeta: boolean;
  refundStartedAt: Date | null;
  refundedAt: Date | null;
  /** What the payment has had refunded already (an operator's goodwill refund leaves the order as it was). */
  refundedCents: number;
  /** Portraits downloaded from the order, singly or in a zip. */
  downloads: number;
  /** Photos of the order the selfie check found usable; null for orders placed before the check. */
  usablePhotos: number | null;
}

/** The first rule an order breaks, or null when the customer may have their money back now. */
export function refundBlock(order: RefundFacts, now: Date): RefundBlock | null {
  if (order.refundedAt || order.status === 'refunded') return 'refunded';
  if (order.refundStartedAt) return 'inProgress';
  if (order.refundedCents > 0) return 'partlyRefunded';
  if (!order.paidAt) return 'notPaid';
  if (order.isBeta || order.amountCents === 0) return 'free';
  if (order.status !== 'completed' && order.status !== 'failed') return 'notReady';
  if (order.downloads > 0) return 'downloaded';
  if (now.getTime() - order.paidAt.getTime() > LIMITS.refundWindowDays * DAY_MS) return 'windowEnded';
  if (order.usablePhotos !== null && order.usablePhotos < LIMITS.photosMin) return 'photos';
  return null;
}
