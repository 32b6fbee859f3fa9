import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageOpenIcon, PlusIcon } from 'lucide-react';
import type { Order } from '@/shared/contracts/orders';
import { Button } from '@/ui/button';
import { ListSkeleton, RefreshButton } from '../components/list-states';
import { PageContainer, PageHeader } from '../components/page-header';
import { CommentEditDialog } from '../my-orders/comment-edit-dialog';
import { OrderDeleteDialog } from '../my-orders/order-delete-dialog';
import { OrderRefundDialog } from '../my-orders/order-refund-dialog';
import { RefreshDialog } from '../my-orders/refresh-dialog';
import { OrdersList } from '../my-orders/orders-table';
import { useCheckoutReturn, useOrders } from '../my-orders/use-orders';

/** My Orders: every order with its status, progress and actions; refreshes itself every 60 seconds. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const { orders, loading, refresh } = useOrders();
  useCheckoutReturn(() => void refresh());
  const [editing, setEditing] = useState<Order | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [refreshing, setRefreshing] = useState<Order | null>(null);
  const firstLoad = orders === null;

  return (
    <PageContainer className="max-w-6xl">
      <PageHeader
        title={t('dashboard.titles.myOrders')}
        description={t('orders.description')}
        actions={<RefreshButton loading={loading} onRefresh={() => void refresh()} label={t('orders.refresh')} />}
      />
      <div className="@container rounded-xl border bg-card shadow-sm" aria-busy={loading}>
        {firstLoad ? (
          <ListSkeleton label={t('dashboard.loading')} />
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
          <OrdersList orders={orders} now={new Date()} onEditComment={setEditing} onDelete={setDeleting} onRefund={setRefunding} onRefresh={setRefreshing} />
        )}
      </div>
      <CommentEditDialog order={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <OrderDeleteDialog order={deleting} onClose={() => setDeleting(null)} onDeleted={() => void refresh()} />
      <RefreshDialog order={refreshing} onClose={() => setRefreshing(null)} />
      <OrderRefundDialog orderId={refunding?.id ?? null} onClose={() => setRefunding(null)} onRefunded={() => void refresh()} />
    </PageContainer>
  );
}
