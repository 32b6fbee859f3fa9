import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ExternalLinkIcon, ReceiptIcon, Undo2Icon } from 'lucide-react';
import { call } from '@/api/client';
import type { Receipt } from '@/shared/contracts/receipts';
import type { Language } from '@/shared/i18n';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { ListSkeleton, RefreshButton } from '../components/list-states';
import { OrderRefundDialog, type RefundTarget } from '../my-orders/order-refund-dialog';
import { useList } from '../components/use-list';
import { PageContainer, PageHeader } from '../components/page-header';
import { formatDate, formatMoney, shortOrderId } from '@/shared/format';

/** Our own receipt pages are rendered in the dashboard's language; a provider's URL is left alone. */
function receiptHref(url: string, language: Language): string {
  if (!url.startsWith('/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}

/** The View link: the receipt in a new tab, or a dash when the provider gave none. */
function ReceiptLink({ receipt, language }: { receipt: Receipt; language: Language }) {
  const { t } = useTranslation();
  if (!receipt.receiptURL) return <span className="text-muted-foreground">—</span>;
  return (
    <Button variant="link" size="sm" className="h-auto px-0" asChild>
      <a
        href={receiptHref(receipt.receiptURL, language)}
        target="_blank"
        rel="noopener"
        aria-label={t('dashboard.receipts.viewLabel', { date: formatDate(receipt.createdAt, language) })}
      >
        {t('dashboard.receipts.view')}
        <ExternalLinkIcon aria-hidden="true" />
      </a>
    </Button>
  );
}

const loadReceipts = async () => (await call('listReceipts')).data;

/** "Refunded $45.00" under a refunded payment's amount. */
function RefundedMark({ receipt, language }: { receipt: Receipt; language: Language }) {
  const { t } = useTranslation();
  if (!receipt.refundedAt) return null;
  return (
    <span className="block text-xs font-medium text-muted-foreground">
      {t('dashboard.receipts.refunded', { amount: formatMoney(receipt.refundedAmount, receipt.currency, language) })}
    </span>
  );
}

/** Request refund beside a payment whose order the refund policy still covers. */
function RefundButton({ receipt, onRefund }: { receipt: Receipt; onRefund: (refund: RefundTarget) => void }) {
  const { t } = useTranslation();
  if (receipt.refundBlock !== null || !receipt.orderId) return null;
  const { orderId } = receipt;
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-7 px-2"
      aria-label={t('orders.refund.label', { id: shortOrderId(orderId) })}
      onClick={() => onRefund({ orderId, amountCents: receipt.amount, currency: receipt.currency, cardLast4: receipt.cardLast4 })}
    >
      <Undo2Icon aria-hidden="true" />
      {t('orders.refund.button')}
    </Button>
  );
}

/** Receipts: the customer's last 100 payments with a link to each receipt. Failures are only logged. */
export function ReceiptsPage() {
  const { t } = useTranslation();
  const language = useStore($language);
  const { items, loading, refresh: load } = useList(loadReceipts, { what: 'receipts', initial: [] });
  const receipts = items ?? [];
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  /** A team's purchase is named by what it bought ("5 Pro seats"), as the team's page names it. */
  const seatLine = (seats: { quantity: number; packageId: string }) =>
    t('team.purchases.line', { count: seats.quantity, package: t(`packages.${seats.packageId}.name`) });

  /** Gift cards: "Gift card: Pro package". */
  const purchaseLine = (r: { seats: { quantity: number; packageId: string } | null; giftCard: { packageId: string } | null }) =>
    r.giftCard ? t('dashboard.receipts.giftCardLine', { package: t(`packages.${r.giftCard.packageId}.name`) }) : r.seats ? seatLine(r.seats) : null;

  const firstLoad = loading && receipts.length === 0;

  return (
    <PageContainer>
      <PageHeader
        title={t('dashboard.titles.receipts')}
        description={t('dashboard.receipts.description')}
        actions={<RefreshButton loading={loading} onRefresh={() => void load()} label={t('dashboard.receipts.refresh')} />}
      />
      <div className="@container rounded-xl border bg-card shadow-sm" aria-busy={loading}>
        {firstLoad ? (
          <ListSkeleton label={t('dashboard.loading')} />
        ) : receipts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
            <ReceiptIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('dashboard.receipts.empty')}</p>
          </div>
        ) : (
          <>
            {/* Narrow screens get a stacked list, so the View link is never scrolled out of sight. */}
            <ul className="divide-y @lg:hidden">
              {receipts.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium">
                      {formatMoney(r.amount, r.currency, language)} <span className="font-normal text-muted-foreground">{r.currency.toUpperCase()}</span>
                    </p>
                    <RefundedMark receipt={r} language={language} />
                    <p className="text-muted-foreground">
                      {formatDate(r.createdAt, language)}
                      {purchaseLine(r) && ` · ${purchaseLine(r)}`}
                      {r.orderId && (
                        <>
                          {' · '}
                          <span className="sr-only">{t('dashboard.receipts.columns.orderId')} </span>
                          <span className="font-mono">{shortOrderId(r.orderId)}</span>
                        </>
                      )}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <ReceiptLink receipt={r} language={language} />
                    <RefundButton receipt={r} onRefund={setRefunding} />
                  </div>
                </li>
              ))}
            </ul>
            <Table className="hidden @lg:table">
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-4">{t('dashboard.receipts.columns.date')}</TableHead>
                  <TableHead className="text-right">{t('dashboard.receipts.columns.amount')}</TableHead>
                  <TableHead>{t('dashboard.receipts.columns.currency')}</TableHead>
                  <TableHead>{t('dashboard.receipts.columns.orderId')}</TableHead>
                  <TableHead className="pr-4 text-right">
                    <span className="sr-only">{t('dashboard.receipts.columns.receipt')}</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {receipts.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell className="pl-4">{formatDate(r.createdAt, language)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatMoney(r.amount, r.currency, language)}
                      <RefundedMark receipt={r} language={language} />
                    </TableCell>
                    <TableCell>{r.currency.toUpperCase()}</TableCell>
                    <TableCell className={purchaseLine(r) ? undefined : 'font-mono'}>
                      {purchaseLine(r) ?? (r.orderId ? shortOrderId(r.orderId) : '—')}
                    </TableCell>
                    <TableCell className="pr-4 text-right">
                      <div className="flex items-center justify-end gap-3">
                        <RefundButton receipt={r} onRefund={setRefunding} />
                        <ReceiptLink receipt={r} language={language} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{t('dashboard.receipts.note')}</p>
      <OrderRefundDialog refund={refunding} onClose={() => setRefunding(null)} onRefunded={() => void load()} />
    </PageContainer>
  );
}
