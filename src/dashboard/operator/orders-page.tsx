import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { OperatorOrderRow } from '@/shared/contracts/operator';
import { ORDER_STATUSES } from '@/shared/orders';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { PageContainer, PageHeader } from '../components/page-header';
import { OrderRows } from './order-rows';

interface Filters {
  query: string;
  status: string;
  from: string;
  to: string;
}

const filtersOf = (search: string): Filters => {
  const params = new URLSearchParams(search);
  return { query: params.get('q') ?? '', status: params.get('status') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
};

/** Orders: search by order id (or its first 8 characters), customer email, status and dates, 25 at a time. */
export function OrdersPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(() => filtersOf(location.search));
  const [orders, setOrders] = useState<OperatorOrderRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const search = useCallback(async (wanted: Filters, cursor?: string) => {
    setLoading(true);
    try {
      const { data } = await call('operatorSearchOrders', {
        ...(wanted.query.trim() ? { query: wanted.query.trim() } : {}),
        ...(wanted.status ? { status: wanted.status as (typeof ORDER_STATUSES)[number] } : {}),
        ...(wanted.from ? { from: wanted.from } : {}),
        ...(wanted.to ? { to: wanted.to } : {}),
        ...(cursor ? { cursor } : {}),
      });
      setOrders((before) => (cursor ? [...(before ?? []), ...data.orders] : data.orders));
      setNext(data.nextCursor);
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error) });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void search(filtersOf(location.search));
  }, [search]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const params = new URLSearchParams(
      Object.entries({ q: filters.query.trim(), status: filters.status, from: filters.from, to: filters.to }).filter(([, v]) => v !== ''),
    );
    history.replaceState(null, '', `${location.pathname}${params.size > 0 ? `?${params}` : ''}`);
    void search(filters);
  }
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));

  return (
    <PageContainer>
      <PageHeader title={t('operator.orders.title')} description={t('operator.orders.description')} />
      <form
        aria-label={t('operator.orders.searchLabel')}
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <div className="space-y-1">
          <Label htmlFor="order-query">{t('operator.orders.query')}</Label>
          <Input id="order-query" value={filters.query} onChange={set('query')} placeholder={t('operator.orders.queryPlaceholder')} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="order-status">{t('operator.orders.status')}</Label>
          <select
            id="order-status"
            value={filters.status}
            onChange={set('status')}
            className="flex h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-sm md:text-sm"
          >
            <option value="">{t('operator.orders.anyStatus')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`operator.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="order-from">{t('operator.orders.from')}</Label>
          <Input id="order-from" type="date" value={filters.from} onChange={set('from')} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="order-to">{t('operator.orders.to')}</Label>
          <Input id="order-to" type="date" value={filters.to} onChange={set('to')} />
        </div>
        <Button type="submit" disabled={loading}>
          <SearchIcon aria-hidden="true" />
          {t('operator.orders.search')}
        </Button>
      </form>
      {orders === null ? (
        <p className="text-muted-foreground">{t('dashboard.loading')}</p>
      ) : (
        <div className="rounded-lg border">
          <OrderRows orders={orders} caption={t('operator.orders.results')} />
        </div>
      )}
      {next && (
        <Button variant="outline" disabled={loading} onClick={() => void search(filters, next)}>
          {t('operator.loadMore')}
        </Button>
      )}
    </PageContainer>
  );
}
