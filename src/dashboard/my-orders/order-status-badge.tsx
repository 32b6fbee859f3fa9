import { useTranslation } from 'react-i18next';
import type { Order } from '@/shared/contracts/orders';
import { Badge } from '@/ui/badge';
import { statusBadge } from './order-actions';

/** Green completed, blue processing, red failed, gray for pending, refunded, expired and anything else. */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'expired'> }) {
  const { t } = useTranslation();
  const { variant, labelKey } = statusBadge(order);
  return (
    <Badge variant={variant} data-status={order.status === 'refunded' || !order.expired ? order.status : 'expired'}>
      {labelKey ? t(labelKey) : order.status}
    </Badge>
  );
}
