import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import type { OperatorOrderRow } from '@/shared/contracts/operator';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { OrderStatusBadge } from '../my-orders/order-status-badge';
import { useDateTime } from './operator-ui';

/** Orders as the console lists them: each opens its order page. */
export function OrderRows({ orders, caption }: { orders: OperatorOrderRow[]; caption: string }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  if (orders.length === 0) return <p className="py-6 text-center text-muted-foreground">{t('operator.orders.none')}</p>;
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>{t('operator.orders.order')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('operator.orders.customer')}</TableHead>
          <TableHead>{t('operator.orders.status')}</TableHead>
          <TableHead className="hidden lg:table-cell">{t('operator.orders.package')}</TableHead>
          <TableHead className="text-right">{t('operator.orders.amount')}</TableHead>
          <TableHead className="hidden sm:table-cell">{t('operator.orders.created')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id}>
            <TableCell>
              <a className="font-mono font-medium underline-offset-4 hover:underline" href={`/dashboard/operator/orders/${order.id}`}>
                {shortOrderId(order.id)}
              </a>
            </TableCell>
            <TableCell className="hidden max-w-48 truncate md:table-cell">{order.email}</TableCell>
            <TableCell>
              <OrderStatusBadge order={order} />
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              {t(`catalog.packages.${order.packageId}.name`, { defaultValue: order.packageId })} · {order.imageGenerated}/{order.imageTotal}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(order.amountCents, order.currency, language)}</TableCell>
            <TableCell className="hidden whitespace-nowrap sm:table-cell">{dateTime(order.createdAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
