import type { Order } from '@/shared/contracts/orders';
import { LIMITS } from '@/shared/limits';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrderAction = 'view' | 'pay' | 'discard' | 'refresh' | 'refund' | 'delete' | 'remove' | 'contact';
export type StatusBadgeVariant = 'success' | 'info' | 'destructive' | 'neutral';

/** True while the order is young enough to open in the photo selector (30 days from creation). */
export function withinViewWindow(createdAt: string | Date, now: Date): boolean {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  return now.getTime() - created.getTime() <= LIMITS.viewWithinDays * DAY_MS;
}

/**
 * The row actions of My Orders, in the order they are shown: View for completed and processing orders
 * created within 30 days (and not purged), and for a refunded order whose portraits an operator let the
 * customer keep; a refresh offer while one can be bought; Request refund while the refund policy allows
 * it, always before Delete (completed orders) or Contact (failed ones); Complete payment and Discard for
 * an unpaid order; Remove for a refunded one. Every known status has at least one action; a status this
 * version does not know gets none (a dash).
 */
export function orderActions(order: Pick<Order, 'status' | 'createdAt' | 'expired' | 'refundBlock' | 'refreshable'>, now: Date): OrderAction[] {
  const canView = !order.expired && withinViewWindow(order.createdAt, now);
  const view: OrderAction[] = canView ? ['view'] : [];
  const refund: OrderAction[] = order.refundBlock === null ? ['refund'] : [];
  switch (order.status) {
    case 'completed':
      return [...view, ...(order.refreshable ? ['refresh' as const] : []), ...refund, 'delete'];
    case 'processing':
      return view;
    case 'failed':
      return [...refund, 'contact'];
    case 'refunded':
      return [...view, 'remove'];
    case 'pending':
      return ['pay', 'discard'];
    default:
      return [];
  }
}

/** Progress means something while an order is made and once it is delivered or failed; not before it is paid, nor after a refund. */
export function showsProgress(order: Pick<Order, 'status'>): boolean {
  return order.status === 'processing' || order.status === 'completed' || order.status === 'failed';
}

/**
 * Why Request refund is missing, when the customer would expect it (a download, the window ended): the
 * locale key of the reason, which says that the money-back guarantee no longer applies; or null.
 */
export function refundBlockedKey(order: Pick<Order, 'status' | 'refundBlock'>): string | null {
  if (order.status !== 'completed' && order.status !== 'failed') return null;
  return order.refundBlock === 'downloaded' || order.refundBlock === 'windowEnded' ? `orders.refund.blocked.${order.refundBlock}` : null;
}

/** The badge of a status: green completed, blue processing, red failed, gray anything else (refunded, expired). */
export function statusBadge(order: Pick<Order, 'status' | 'expired'>): { variant: StatusBadgeVariant; labelKey: string | null } {
  // A refunded order's portraits may be gone too (or kept until the purge), but "refunded" is what happened to it.
  if (order.status === 'refunded') return { variant: 'neutral', labelKey: 'orders.status.refunded' };
  if (order.expired) return { variant: 'neutral', labelKey: 'orders.status.expired' };
  switch (order.status) {
    case 'completed':
      return { variant: 'success', labelKey: 'orders.status.completed' };
    case 'processing':
      return { variant: 'info', labelKey: 'orders.status.processing' };
    case 'failed':
      return { variant: 'destructive', labelKey: 'orders.status.failed' };
    case 'pending':
      return { variant: 'neutral', labelKey: 'orders.status.pending' };
    default:
      // A status this version does not know is shown as the server spells it.
      return { variant: 'neutral', labelKey: null };
  }
}

/** A `mailto:` link with a prefilled subject and body; spaces stay %20 (mail clients show `+` literally). */
export function mailtoLink(address: string, { subject, body }: { subject: string; body: string }): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The photo selector of an order. */
export function photoSelectorPath(orderId: string): string {
  return `/dashboard/photoSelector/${encodeURIComponent(orderId)}`;
}
