import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { AlertTriangleIcon, PackageOpenIcon, PlusIcon, RefreshCwIcon } from 'lucide-react';
import type { Order } from '@/shared/contracts/orders';
import { formatTime } from '@/shared/format';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { ListSkeleton } from '../components/list-states';
import { PageContainer, PageHeader } from '../components/page-header';
import { CommentEditDialog } from '../my-orders/comment-edit-dialog';
import { OrderDeleteDialog } from '../my-orders/order-delete-dialog';
import { OrderDiscardDialog } from '../my-orders/order-discard-dialog';
import { OrderPaymentDialog } from '../my-orders/order-payment-dialog';
import { OrderRefundDialog, type RefundTarget } from '../my-orders/order-refund-dialog';
import { RefreshDialog } from '../my-orders/refresh-dialog';
import { OrdersList } from '../my-orders/orders-table';
import { useCheckoutReturn, useOrders } from '../my-orders/use-orders';

/** What the refund dialog needs of an order: its whole payment, and the card that made it. */
const refundOf = (order: Order): RefundTarget => ({
  orderId: order.id,
  amountCents: order.paid?.amountCents ?? 0,
  currency: order.paid?.currency ?? 'usd',
  cardLast4: order.paid?.cardLast4 ?? null,
});

/** The list could not be loaded or updated: what went wrong, what is shown instead, and Retry. */
function LoadError({ error, loadedAt, loading, onRetry }: { error: string; loadedAt: Date | null; loading: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center">
      <AlertTriangleIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('orders.loadFailed.title', { message: error })}</p>
        <p className="text-muted-foreground">
          {loadedAt ? t('orders.loadFailed.asOf', { time: formatTime(loadedAt, language) }) : t('orders.loadFailed.never')}
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-center" disabled={loading} onClick={onRetry}>
        <RefreshCwIcon className={loading ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
        {t('orders.loadFailed.retry')}
      </Button>
    </div>
  );
}

/** My Orders: every order with its status, progress and actions; refreshes itself every 60 seconds. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const { orders, loading, error, loadedAt, refresh } = useOrders();
  const reload = useCallback(() => void refresh(), [refresh]);
  useCheckoutReturn(reload);
  const [editing, setEditing] = useState<Order | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [refreshing, setRefreshing] = useState<Order | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const [discarding, setDiscarding] = useState<Order | null>(null);
  const closePayment = useCallback(() => setPaying(null), []);
  const firstLoad = orders === null;

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        title={t('dashboard.titles.myOrders')}
        description={t('orders.description')}
        actions={
          // The list updates itself every minute; this reloads it now. An icon, so it does not read as an offer.
          <Button variant="ghost" size="icon" onClick={reload} disabled={loading} aria-label={t('orders.refresh')} title={t('orders.refreshHint')}>
            <RefreshCwIcon className={loading ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
          </Button>
        }
      />
      {error && <LoadError error={error} loadedAt={loadedAt} loading={loading} onRetry={reload} />}
      <div className="@container rounded-xl border bg-card shadow-sm" aria-busy={loading}>
        {firstLoad ? (
          error ? null : (
            <ListSkeleton label={t('dashboard.loading')} />
          )
        ) : orders.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
            <PackageOpenIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('orders.empty')}</p>
            <Button asChild size="sm">
              <a href="/dashboard/newOrder">
                <PlusIcon aria-hidden="true" />
                {t('dashboard.titles.newOrder')}
              </a>
            </Button>
          </div>
        ) : (
          <OrdersList
            orders={orders}
            now={new Date()}
            onEditComment={setEditing}
            onDelete={setDeleting}
            onRefund={(order) => setRefunding(refundOf(order))}
            onRefresh={setRefreshing}
            onPay={setPaying}
            onDiscard={setDiscarding}
          />
        )}
      </div>
      <CommentEditDialog order={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <OrderDeleteDialog
        order={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={reload}
        onRefundInstead={(order) => {
          setDeleting(null);
          setRefunding(refundOf(order));
        }}
      />
      <RefreshDialog order={refreshing} onClose={() => setRefreshing(null)} onOrdersChanged={reload} />
      <OrderRefundDialog refund={refunding} onClose={() => setRefunding(null)} onRefunded={reload} />
      <OrderPaymentDialog order={paying} onClose={closePayment} onOrdersChanged={reload} />
      <OrderDiscardDialog order={discarding} onClose={() => setDiscarding(null)} onOrdersChanged={reload} />
    </PageContainer>
  );
}
