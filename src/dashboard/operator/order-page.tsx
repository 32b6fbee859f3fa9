import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useStore } from '@nanostores/react';
import { CalendarPlusIcon, MailIcon, RotateCcwIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import { CHOICE_STEPS, optionLabelKey } from '@/shared/catalog/wizard';
import type { OperatorOrder } from '@/shared/contracts/operator';
import { formatMoney, shortOrderId } from '@/shared/format';
import { $language } from '@/stores/language';
import { toast } from '@/stores/toast';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { OrderStatusBadge } from '../my-orders/order-status-badge';
import { PageContainer, PageHeader } from '../components/page-header';
import { AuditRows } from './audit-rows';
import { ActionButton, useDateTime } from './operator-ui';
import { OrderRefundDialog } from './order-refund-dialog';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The wizard's answers as the customer gave them: the category, then each question in the wizard's
 * order with its answers in the page's language (an answer the catalog no longer knows shows as stored).
 */
function answerRows(answers: Record<string, unknown>, categoryId: string, t: TFunction): [string, string][] {
  const rows: [string, string][] = [[t('operator.order.category'), t(`catalog.categories.${categoryId}.name`, { defaultValue: categoryId })]];
  for (const step of CHOICE_STEPS) {
    const value = answers[step.id];
    if (value === undefined || value === null || value === '') continue;
    const values = (Array.isArray(value) ? value : [value]).map(String);
    rows.push([t(`wizard.steps.${step.id}`), values.map((v) => t(optionLabelKey(step, v), { defaultValue: v })).join(', ')]);
  }
  return rows;
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4 sm:gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="mb-2 min-w-0 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One order as the operator sees it: the answers, the timeline, the payment and refund, the portraits
 * as thumbnails, the mails sent, the generator's reference and last error, and the actions.
 */
export function OrderPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const dateTime = useDateTime();
  const orderId = params.orderId ?? '';
  const [detail, setDetail] = useState<OperatorOrder | null>(null);
  const [missing, setMissing] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data } = await call('operatorOrder', { orderId });
      setDetail(data);
    } catch (error) {
      setMissing(true);
      toast({ variant: 'destructive', description: errorMessage(error) });
    }
  }, [orderId]);
  useEffect(() => {
    void load();
  }, [load]);

  const crumbs = [{ label: t('operator.titles.orders'), href: '/dashboard/operator/orders' }, { label: shortOrderId(orderId) }];
  if (!detail) {
    return (
      <PageContainer>
        <PageHeader title={t('operator.order.title', { id: shortOrderId(orderId) })} breadcrumb={crumbs} />
        <p className="text-muted-foreground">{missing ? t('operator.order.missing') : t('dashboard.loading')}</p>
      </PageContainer>
    );
  }
  const { order, payment } = detail;
  const money = (cents: number) => formatMoney(cents, order.currency, language);
  const done = () => void load();
  /** Why an action is not offered, under its button. */
  const why = (action: keyof OperatorOrder['blocked']) => {
    const block = detail.blocked[action];
    return block && <p className="max-w-52 text-xs text-muted-foreground">{t(`operator.order.blocked.${block}`)}</p>;
  };
  // The progress of a generation is one row: where it got to, when it started.
  const progress = detail.timeline.filter((event) => event.event === 'progress');
  const timeline = detail.timeline.filter((event) => event.event !== 'progress' || event === progress.at(-1));
  const [firstProgress] = progress;
  // What is stored now, beside what was made: a purge or a refund that revoked them leaves none.
  const portraitsFigure = order.purgedAt
    ? t('operator.order.portraitsDeleted', { made: order.imageGenerated, total: order.imageTotal })
    : t('operator.order.portraitsStored', { stored: detail.portraits.length, total: order.imageTotal });
  const deletion: [string, string] = order.purgedAt
    ? [t('operator.order.purgedAt'), dateTime(order.purgedAt)]
    : [t('operator.order.purgeAt'), order.purgeAt ? dateTime(order.purgeAt) : t('operator.order.purgeAfterDelivery')];

  return (
    <PageContainer>
      <PageHeader
        title={t('operator.order.title', { id: shortOrderId(order.id) })}
        breadcrumb={crumbs}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge order={order} />
            <a className="underline-offset-4 hover:underline" href={`/dashboard/operator/customers?email=${encodeURIComponent(order.email)}`}>
              {order.email}
            </a>
          </span>
        }
      />
      <section aria-label={t('operator.order.actions')} className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="space-y-1">
          <ActionButton
            call="operatorRetry"
            input={() => ({ orderId: order.id })}
            disabled={!detail.actions.retry}
            icon={<RotateCcwIcon aria-hidden="true" />}
            label={t('operator.order.retry')}
            title={t('operator.order.retryTitle')}
            description={t('operator.order.retryDescription')}
            confirmLabel={t('operator.order.retry')}
            onDone={done}
          />
          {why('retry')}
        </div>
        <div className="space-y-1">
          <OrderRefundDialog detail={detail} disabled={!detail.actions.refund} onDone={done} />
          {why('refund')}
        </div>
        <div className="space-y-1">
          <ActionButton
            call="operatorResendReady"
            input={() => ({ orderId: order.id })}
            disabled={!detail.actions.resendReady}
            icon={<MailIcon aria-hidden="true" />}
            label={t('operator.order.resend')}
            title={t('operator.order.resendTitle')}
            description={t('operator.order.resendDescription', { email: order.email })}
            confirmLabel={t('operator.order.resendConfirm')}
            onDone={done}
          />
          {why('resendReady')}
        </div>
        <div className="space-y-1">
          <ActionButton
            call="operatorExtendRetention"
            input={() => ({ orderId: order.id })}
            disabled={!detail.actions.extendRetention}
            icon={<CalendarPlusIcon aria-hidden="true" />}
            label={t('operator.order.extend')}
            title={t('operator.order.extendTitle')}
            description={t('operator.order.extendDescription', { date: order.purgeAt ? dateTime(order.purgeAt) : t('operator.none') })}
            confirmLabel={t('operator.order.extendConfirm')}
            onDone={done}
          />
          {why('extendRetention')}
        </div>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('operator.order.summary')}>
          <Facts
            rows={[
              [
                t('operator.order.id'),
                <span key="id" className="font-mono text-xs">
                  {order.id}
                </span>,
              ],
              [
                t('operator.orders.package'),
                `${t(`catalog.packages.${order.packageId}.name`, { defaultValue: order.packageId })}${order.isBeta ? ' (beta)' : ''}`,
              ],
              [t('operator.order.portraits'), portraitsFigure],
              [t('operator.order.generator'), `${order.generator}${order.providerRef ? ` · ${order.providerRef}` : ''}`],
              [t('operator.order.lastError'), order.failureReason ?? t('operator.none')],
              [t('operator.order.retries'), order.retries],
              deletion,
              ...(order.refreshOf
                ? ([
                    [
                      t('operator.order.refreshOf'),
                      <a key="refreshOf" href={`/dashboard/operator/orders/${order.refreshOf}`}>
                        {shortOrderId(order.refreshOf)}
                      </a>,
                    ],
                  ] as [string, React.ReactNode][])
                : []),
            ]}
          />
        </Section>
        <Section title={t('operator.order.timeline')}>
          <ol className="space-y-2 text-sm">
            {timeline.map((event) => (
              <li key={`${event.event}-${event.percent ?? ''}`} className="flex flex-wrap justify-between gap-x-4">
                <span>
                  {event.event === 'progress' ? t('operator.timeline.progress', { percent: event.percent }) : t(`operator.timeline.${event.event}`)}
                  {event.event === 'progress' && firstProgress && progress.length > 1 && (
                    <span className="block text-xs text-muted-foreground">
                      {t('operator.timeline.progressFrom', { percent: firstProgress.percent, at: dateTime(firstProgress.at), count: progress.length })}
                    </span>
                  )}
                  {event.detail && <span className="block text-xs text-muted-foreground">{event.detail}</span>}
                  {event.amountCents !== undefined && <span className="block text-xs text-muted-foreground">{money(event.amountCents)}</span>}
                </span>
                <time className="text-muted-foreground tabular-nums" dateTime={event.at}>
                  {dateTime(event.at)}
                </time>
              </li>
            ))}
          </ol>
        </Section>
        <Section title={t('operator.order.payment')}>
          {payment ? (
            <Facts
              rows={[
                [t('operator.order.paid'), `${money(payment.amountCents)} · ${dateTime(payment.paidAt)}`],
                [
                  t('operator.order.price'),
                  `${money(payment.priceCents)}${payment.discountCents > 0 ? ` − ${money(payment.discountCents)} (${payment.couponCode ?? ''})` : ''}`,
                ],
                [t('operator.order.provider'), `${payment.provider}${payment.cardLast4 ? ` · •••• ${payment.cardLast4}` : ''}`],
                [
                  t('operator.order.reference'),
                  <span key="reference" className="font-mono text-xs">
                    {payment.reference}
                  </span>,
                ],
                [
                  t('operator.order.refunded'),
                  payment.refundedAt
                    ? `${t('operator.order.refundedOf', { amount: money(payment.refundedCents), paid: money(payment.amountCents) })} · ${dateTime(payment.refundedAt)}`
                    : t('operator.none'),
                ],
                ...(payment.refundedAt ? ([[t('operator.order.remaining'), money(payment.amountCents - payment.refundedCents)]] as [string, string][]) : []),
              ]}
            />
          ) : (
            <p className="text-sm text-muted-foreground">{t('operator.order.notPaid')}</p>
          )}
        </Section>
        <Section title={t('operator.order.mails')}>
          {detail.mails.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('operator.none')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {detail.mails.map((mail) => (
                <li key={`${mail.kind}-${mail.at}`} className="flex justify-between gap-4">
                  <span>
                    {t(`operator.mails.${mail.kind}`)}
                    {!mail.sent && <span className="ml-2 text-destructive">{t('operator.mails.notSent')}</span>}
                  </span>
                  <time className="text-muted-foreground" dateTime={mail.at}>
                    {dateTime(mail.at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Section>
        {detail.likeness && (
          <Section title={t('operator.likeness.title')}>
            <Facts
              rows={[
                [t('operator.likeness.generated'), String(detail.likeness.generated)],
                [
                  t('operator.likeness.deliveredOf'),
                  t('operator.likeness.ofPromised', { delivered: detail.likeness.delivered, promised: detail.likeness.promised }),
                ],
                [t('operator.likeness.rejected'), String(detail.likeness.rejected)],
                [t('operator.likeness.median'), detail.likeness.medianScore === null ? '–' : detail.likeness.medianScore.toFixed(2)],
                [
                  t('operator.likeness.reasonsHeader'),
                  Object.entries(detail.likeness.reasons)
                    .sort(([, a], [, b]) => b - a)
                    .map(([reason, n]) =>
                      t('operator.likeness.reasonCount', { reason: t(`operator.likeness.reasons.${reason}`, { defaultValue: reason }), count: n }),
                    )
                    .join(', ') || t('operator.likeness.noRejections'),
                ],
                [
                  t('operator.likeness.replacements'),
                  t('operator.likeness.replacementsUsed', { used: detail.likeness.replacementsUsed, included: detail.likeness.replacementsIncluded }),
                ],
              ]}
            />
          </Section>
        )}
        <Section title={t('operator.order.answers')}>
          {order.answers ? (
            <Facts rows={answerRows(order.answers, order.categoryId, t)} />
          ) : (
            <p className="text-sm text-muted-foreground">{t('operator.order.answersGone')}</p>
          )}
        </Section>
        <Section title={t('operator.order.thumbnails', { count: detail.portraits.length })}>
          {detail.portraits.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {order.purgedAt ? t('operator.order.thumbnailsDeleted', { date: dateTime(order.purgedAt) }) : t('operator.none')}
            </p>
          ) : (
            <ul className="grid grid-cols-5 gap-2 sm:grid-cols-6">
              {detail.portraits.map((no) => (
                <li key={no}>
                  <img
                    src={`/v1/operator/orders/${order.id}/thumbs/${no}`}
                    alt={t('operator.order.thumbnail', { no })}
                    loading="lazy"
                    width={160}
                    height={240}
                    className="aspect-[2/3] h-auto w-full rounded bg-muted object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <Section title={t('operator.audit.title')}>
        <AuditRows entries={detail.audit} caption={t('operator.audit.forOrder')} />
      </Section>
    </PageContainer>
  );
}
