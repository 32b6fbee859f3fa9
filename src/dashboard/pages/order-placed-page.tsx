import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react';
import { call } from '@/api/client';
import { findPackage } from '@/shared/catalog/packages';
import type { Receipt } from '@/shared/contracts/receipts';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { $user } from '@/stores/user';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/progress';
import { PageContainer } from '../components/page-header';
import { useCheckoutReturn } from '../my-orders/use-orders';
import { useOrderInfo } from '../photo-selector/use-order-info';
import { supportEmail } from '../support-email';

/** How often the page asks while the payment is being confirmed (Stripe's webhook may take a moment). */
const CONFIRMING_POLL_MS = 2_000;
/** After this long unconfirmed, the page says what happens if the payment comes through later. */
const SLOW_CONFIRMATION_MS = 30_000;

/**
 * Where paying lands (`/dashboard/orderPlaced/:orderId`): what was bought, what happens next and about
 * how long, where to watch, and the receipt. While the payment is still being confirmed it says so,
 * and a payment that failed says nothing was charged. Focus goes to the heading, so a screen reader
 * announces the outcome.
 */
export function OrderPlacedPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const user = useStore($user);
  const orderId = params.orderId || undefined;
  const { info, error, refresh } = useOrderInfo(orderId);
  /** The order's payment: undefined until the receipts answer, null when it has none (it was never paid). */
  const [receipt, setReceipt] = useState<Receipt | null | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  useCheckoutReturn(() => void refresh());

  const status = info?.status;
  const settled = Boolean(info) && status !== 'pending';
  // A failed order without a payment was refused at payment (or its beta seat was gone): nothing was charged.
  const confirming = !settled || (status === 'failed' && receipt === undefined);
  const failed = status === 'failed' && !confirming;
  const paymentFailed = failed && receipt === null;

  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setInterval(() => void refresh(), CONFIRMING_POLL_MS);
    const late = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(late);
    };
  }, [status, refresh]);

  useEffect(() => {
    if (!settled) return;
    call('listReceipts').then(
      ({ data }) => setReceipt(data.find((r) => r.orderId === orderId) ?? null),
      () => setReceipt(null),
    );
  }, [settled, orderId]);

  useEffect(() => {
    if (!confirming) heading.current?.focus();
  }, [confirming]);

  const pkg = info?.portraitInfo ? findPackage(info.portraitInfo.package) : undefined;
  const category = info?.portraitInfo?.type;
  const title = confirming
    ? t('dashboard.orderPlaced.confirming')
    : paymentFailed
      ? t('dashboard.orderPlaced.paymentFailedTitle')
      : failed
        ? t('dashboard.orderPlaced.failedTitle')
        : t('dashboard.orderPlaced.title');
  const Icon = confirming ? LoaderCircleIcon : failed ? CircleXIcon : CircleCheckIcon;

  return (
    <PageContainer className="max-w-2xl">
      <header className="flex items-start gap-3">
        <Icon
          className={
            confirming
              ? 'mt-1 size-7 shrink-0 text-muted-foreground motion-safe:animate-spin'
              : `mt-1 size-7 shrink-0 ${failed ? 'text-destructive' : 'text-emerald-600'}`
          }
          aria-hidden="true"
        />
        <div className="space-y-1">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none sm:text-3xl">
            {title}
          </h1>
          {/* A long address wraps rather than push the page past a phone's edge. */}
          <p className="text-muted-foreground [overflow-wrap:anywhere]" role="status">
            {confirming
              ? error !== null
                ? t('orders.photos.loadFailed')
                : slow
                  ? t('dashboard.orderPlaced.slow')
                  : t('dashboard.orderPlaced.confirmingText')
              : paymentFailed
                ? t('dashboard.orderPlaced.paymentFailedText')
                : failed
                  ? t('dashboard.orderPlaced.failedText', { email: supportEmail() })
                  : user && t('dashboard.orderPlaced.mailSent', { email: user.email })}
          </p>
        </div>
      </header>

      {!confirming && !failed && info && orderId && (
        <>
          <section aria-labelledby="order-placed-summary" className="rounded-xl border p-5">
            <h2 id="order-placed-summary" className="mb-3 font-semibold">
              {t('dashboard.orderPlaced.summary')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('dashboard.orderPlaced.order')}</dt>
              <dd className="font-mono">{shortOrderId(orderId)}</dd>
              {category && (
                <>
                  <dt className="text-muted-foreground">{t('dashboard.orderPlaced.category')}</dt>
                  <dd>{t(`catalog.categories.${category}.name`)}</dd>
                </>
              )}
              {pkg && (
                <>
                  <dt className="text-muted-foreground">{t('dashboard.orderPlaced.package')}</dt>
                  <dd>{t('dashboard.orderPlaced.packageLine', { package: t(`catalog.packages.${pkg.id}.name`), count: pkg.portraits })}</dd>
                </>
              )}
              {receipt && (
                <>
                  <dt className="text-muted-foreground">{t('dashboard.orderPlaced.paid')}</dt>
                  <dd className="flex flex-wrap gap-x-3">
                    <span>{receipt.amount > 0 ? formatMoney(receipt.amount, receipt.currency, language) : t('dashboard.orderPlaced.free')}</span>
                    {receipt.receiptURL && receipt.amount > 0 && (
                      <a className="underline underline-offset-4" href={receipt.receiptURL} target="_blank" rel="noreferrer">
                        {t('dashboard.orderPlaced.receipt')}
                      </a>
                    )}
                  </dd>
                </>
              )}
            </dl>
          </section>

          <section aria-labelledby="order-placed-next" className="space-y-3">
            <h2 id="order-placed-next" className="font-semibold">
              {t('dashboard.orderPlaced.nextTitle')}
            </h2>
            <p className="text-sm">
              {status === 'completed' ? t('dashboard.orderPlaced.ready') : t('dashboard.orderPlaced.next', { count: pkg?.deliveryHours ?? 1 })}
            </p>
            {status !== 'completed' && (
              <div className="flex items-center gap-3">
                <Progress value={info.progress} className="max-w-sm" aria-label={t('orders.photos.progressLabel')} />
                <span className="text-sm tabular-nums text-muted-foreground">{Math.round(info.progress)}%</span>
              </div>
            )}
          </section>
        </>
      )}

      {!confirming && (
        <div className="flex flex-wrap gap-3">
          {!failed && orderId && (
            <Button asChild>
              <a href={`/dashboard/photoSelector/${orderId}`}>{t('dashboard.orderPlaced.watch')}</a>
            </Button>
          )}
          <Button variant="outline" asChild>
            <a href="/dashboard/myOrders">{t('dashboard.orderPlaced.myOrders')}</a>
          </Button>
        </div>
      )}
    </PageContainer>
  );
}
