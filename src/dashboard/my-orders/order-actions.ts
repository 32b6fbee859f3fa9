import type { Order } from '@/shared/contracts/orders';
import { LIMITS } from '@/shared/limits';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrderAction = 'view' | 'delete' | 'contact' | 'refund' | 'refresh';
export type StatusBadgeVariant = 'success' | 'info' | 'destructive' | 'neutral';

/** True while the order is young enough to open in the photo selector (30 days from creation). */
export function withinViewWindow(createdAt: string | Date, now: Date): boolean {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  return now.getTime() - created.getTime() <= LIMITS.viewWithinDays * DAY_MS;
}

/**
 * The row actions of My Orders: View for completed and processing orders created within 30 days
 * (and not purged), and for a refunded order whose portraits an operator let the customer keep; Delete
 * for completed ones, Contact for failed ones, Request refund while the refund policy allows it, Get a
 * refresh while a refresh can be bought; none otherwise (a dash), as for a refunded order whose
 * portraits are gone.
 */
export function orderActions(order: Pick<Order, 'status' | 'createdAt' | 'expired' | 'refundBlock' | 'refreshable'>, now: Date): OrderAction[] {
  const canView = !order.expired && withinViewWindow(order.createdAt, now);
  const refund: OrderAction[] = order.refundBlock === null ? ['refund'] : [];
  switch (order.status) {
    case 'completed':
      return [...(canView ? ['view' as const] : []), ...(order.refreshable ? ['refresh' as const] : []), 'delete', ...refund];
    case 'processing':
      return canView ? ['view'] : [];
    case 'failed':
      return ['contact', ...refund];
    case 'refunded':
      return canView ? ['view'] : [];
    default:
      return [];
  }
}

/** Why Request refund is missing, when the customer would expect it: the locale key of the reason, or null. */
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
