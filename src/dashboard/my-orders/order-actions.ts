import type { Order } from '@/shared/contracts/orders';
import { LIMITS } from '@/shared/limits';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrderAction = 'view' | 'delete' | 'contact';
export type StatusBadgeVariant = 'success' | 'info' | 'destructive' | 'neutral';

/** True while the order is young enough to open in the photo selector (30 days from creation). */
export function withinViewWindow(createdAt: string | Date, now: Date): boolean {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  return now.getTime() - created.getTime() <= LIMITS.viewWithinDays * DAY_MS;
}

/**
 * The row actions of My Orders: View for completed and processing orders created within 30 days
 * (and not purged), Delete for completed ones, Contact for failed ones; none otherwise (a dash).
 */
export function orderActions(order: Pick<Order, 'status' | 'createdAt' | 'expired'>, now: Date): OrderAction[] {
  const canView = !order.expired && withinViewWindow(order.createdAt, now);
  switch (order.status) {
    case 'completed':
      return canView ? ['view', 'delete'] : ['delete'];
    case 'processing':
      return canView ? ['view'] : [];
    case 'failed':
      return ['contact'];
    default:
      return [];
  }
}

/** The badge of a status: green completed, blue processing, red failed, gray anything else (and expired). */
export function statusBadge(order: Pick<Order, 'status' | 'expired'>): { variant: StatusBadgeVariant; labelKey: string | null } {
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
