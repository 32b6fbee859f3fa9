import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { PencilIcon } from 'lucide-react';
import type { Order } from '@/shared/contracts/orders';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { formatDate, shortOrderId } from '@/shared/format';
import { orderActions, showsProgress } from './order-actions';
import { OrderIdCopy } from './order-id-copy';
import { OrderRowActions, type OrderRowHandlers } from './order-row-actions';
import { OrderStatusBadge } from './order-status-badge';

export interface OrdersListProps extends OrderRowHandlers {
  orders: Order[];
  now: Date;
  onEditComment: (order: Order) => void;
}

/** The package's name, and for a refresh which order it refreshes. */
function PackageName({ order, name }: { order: Order; name: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="block">{name}</span>
      {order.refreshOf && <span className="block text-xs text-muted-foreground">{t('orders.refreshOf', { id: shortOrderId(order.refreshOf) })}</span>}
    </>
  );
}

/** The category's and package's names in the current language. */
function useOrderNames() {
  const { t } = useTranslation();
  return (order: Order) => {
    const info = order.portraitInfo;
    const type = info?.type ? t(`catalog.categories.${info.type}.name`, { defaultValue: info.name ?? info.type }) : '—';
    const pkg = info?.package ? t(`catalog.packages.${info.package}.name`, { defaultValue: info.package }) : '—';
    return { type, pkg };
  };
}

function OrderProgress({ order, barClassName }: { order: Order; barClassName: string }) {
  const { t } = useTranslation();
  // Unpaid and refunded orders have no progress to show: a dash, not a bar stuck at 0 % or 100 %.
  if (!showsProgress(order)) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('orders.noProgress')}</span>
      </span>
    );
  }
  const value = Math.round(Math.min(100, Math.max(0, order.progress)));
  return (
    <div className="flex items-center gap-2">
      <Progress value={value} className={barClassName} aria-label={t('orders.progressLabel', { id: shortOrderId(order.id) })} />
      <span className="w-9 text-right text-xs text-muted-foreground tabular-nums">{value}%</span>
    </div>
  );
}

function CommentCell({ order, onEdit }: { order: Order; onEdit: (order: Order) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-1">
      {order.comment ? (
        // The whole comment, wrapped: a note cut to "For Linke…" says nothing.
        <span className="min-w-0 whitespace-normal [overflow-wrap:break-word]">{order.comment}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      )}
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0 text-muted-foreground"
        aria-label={t('orders.comment.editLabel', { id: shortOrderId(order.id) })}
        title={t('orders.comment.edit')}
        onClick={() => onEdit(order)}
      >
        <PencilIcon className="size-3.5" aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * The orders as a table on wide screens and as stacked cards where the table would not fit (phones,
 * and narrow windows with the sidebar open), so no column is ever scrolled out of sight.
 */
export function OrdersList({ orders, now, onEditComment, ...handlers }: OrdersListProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const names = useOrderNames();
  return (
    <>
      {/* Two columns of cards once there is room; a lone last card spans both. */}
      <ul
        className="grid gap-px overflow-hidden rounded-xl bg-border @xl:grid-cols-2 @3xl:hidden @xl:[&>li:last-child:nth-child(odd)]:col-span-2"
        aria-label={t('orders.listLabel')}
      >
        {orders.map((order) => {
          const { type, pkg } = names(order);
          const hasActions = orderActions(order, now).length > 0;
          return (
            <li key={order.id} className="space-y-3 bg-card px-4 py-4" data-order-id={order.id}>
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <OrderIdCopy id={order.id} />
                  <p className="text-sm text-muted-foreground">{formatDate(order.createdAt, language)}</p>
                </div>
                <OrderStatusBadge order={order} />
              </div>
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">{t('orders.columns.type')}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{type}</dd>
                <dt className="text-muted-foreground">{t('orders.columns.package')}</dt>
                <dd>
                  <PackageName order={order} name={pkg} />
                </dd>
                <dt className="text-muted-foreground">{t('orders.columns.progress')}</dt>
                <dd>
                  <OrderProgress order={order} barClassName="w-24" />
                </dd>
                <dt className="text-muted-foreground">{t('orders.columns.comment')}</dt>
                <dd className="min-w-0">
                  <CommentCell order={order} onEdit={onEditComment} />
                </dd>
              </dl>
              {hasActions && <OrderRowActions order={order} now={now} {...handlers} />}
            </li>
          );
        })}
      </ul>
      <Table className="hidden @3xl:table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="pl-4">{t('orders.columns.orderId')}</TableHead>
            <TableHead>{t('orders.columns.date')}</TableHead>
            <TableHead>{t('orders.columns.status')}</TableHead>
            <TableHead>{t('orders.columns.progress')}</TableHead>
            <TableHead>{t('orders.columns.type')}</TableHead>
            <TableHead>{t('orders.columns.package')}</TableHead>
            <TableHead>{t('orders.columns.comment')}</TableHead>
            <TableHead className="pr-4">{t('orders.columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order) => {
            const { type, pkg } = names(order);
            return (
              <TableRow key={order.id} data-order-id={order.id}>
                <TableCell className="pl-4">
                  <OrderIdCopy id={order.id} />
                </TableCell>
                {/* A date may take two lines where a long translation needs the room. */}
                <TableCell className="whitespace-normal">{formatDate(order.createdAt, language)}</TableCell>
                <TableCell>
                  <OrderStatusBadge order={order} />
                </TableCell>
                <TableCell>
                  <OrderProgress order={order} barClassName="w-12" />
                </TableCell>
                {/* Long category and package names wrap rather than push Actions out of sight. */}
                <TableCell className="min-w-20 whitespace-normal">{type}</TableCell>
                <TableCell className="min-w-20 whitespace-normal">
                  <PackageName order={order} name={pkg} />
                </TableCell>
                <TableCell className="min-w-28 max-w-48 whitespace-normal">
                  <CommentCell order={order} onEdit={onEditComment} />
                </TableCell>
                {/* The buttons wrap onto more lines rather than run out of the cell (1280 px with the sidebar open). */}
                <TableCell className="w-72 min-w-52 whitespace-normal pr-4">
                  <OrderRowActions order={order} now={now} {...handlers} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
