import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { CreditCardIcon, EyeIcon, MailIcon, SparklesIcon, Trash2Icon, Undo2Icon, XIcon } from 'lucide-react';
import type { Order } from '@/shared/contracts/orders';
import { supportEmail } from '../support-email';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { formatDate, formatTime, shortOrderId } from '@/shared/format';
import { mailtoLink, orderActions, photoSelectorPath, refundBlockedKey, statusBadge } from './order-actions';

/** What a row's buttons open: the page holds the dialogs. */
export interface OrderRowHandlers {
  onDelete: (order: Order) => void;
  onRefund: (order: Order) => void;
  onRefresh: (order: Order) => void;
  onPay: (order: Order) => void;
  onDiscard: (order: Order) => void;
}

export interface OrderRowActionsProps extends OrderRowHandlers {
  order: Order;
  now: Date;
}

const DESTRUCTIVE = 'text-destructive hover:bg-destructive/10 hover:text-destructive';

/** A short line under the buttons: until when an unpaid order can be paid, or why the refund is gone and whom to ask. */
function RowNote({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const blockedKey = refundBlockedKey(order);
  if (order.status === 'pending' && order.payableUntil) {
    return <p className="basis-full text-xs text-muted-foreground">{t('orders.pay.until', { time: formatTime(order.payableUntil, language) })}</p>;
  }
  if (!blockedKey) return null;
  const email = supportEmail();
  const { labelKey } = statusBadge(order);
  return (
    <p className="basis-full text-xs text-muted-foreground">
      {t(blockedKey)}{' '}
      {email && (
        <a
          className="underline underline-offset-2 [overflow-wrap:anywhere] hover:text-foreground"
          href={mailtoLink(email, {
            subject: t('orders.contact.subject', { id: shortOrderId(order.id) }),
            body: t('orders.contact.body', { id: order.id, date: formatDate(order.createdAt, language), status: labelKey ? t(labelKey) : order.status }),
          })}
        >
          {t('orders.refund.blocked.contact', { email })}
        </a>
      )}
    </p>
  );
}

/**
 * The order's actions as its status allows (`orderActions`), as buttons that wrap onto more lines
 * rather than run out of their cell; a dash for a status this version does not know.
 */
export function OrderRowActions({ order, now, onDelete, onRefund, onRefresh, onPay, onDiscard }: OrderRowActionsProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const actions = orderActions(order, now);
  const id = shortOrderId(order.id);
  if (actions.length === 0) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('orders.noActions')}</span>
      </span>
    );
  }
  const { labelKey } = statusBadge(order);
  const status = labelKey ? t(labelKey) : order.status;
  const date = formatDate(order.createdAt, language);
  const buttons: Record<(typeof actions)[number], ReactNode> = {
    view: (
      <Button size="sm" variant="outline" className="px-2.5" asChild>
        <a href={photoSelectorPath(order.id)} aria-label={t('orders.viewLabel', { id })}>
          <EyeIcon aria-hidden="true" />
          {t('orders.view')}
        </a>
      </Button>
    ),
    pay: (
      <Button size="sm" className="px-2.5" aria-label={t('orders.pay.label', { id })} onClick={() => onPay(order)}>
        <CreditCardIcon aria-hidden="true" />
        {t('orders.pay.button')}
      </Button>
    ),
    discard: (
      <Button size="sm" variant="outline" className={`px-2.5 ${DESTRUCTIVE}`} aria-label={t('orders.discard.label', { id })} onClick={() => onDiscard(order)}>
        <XIcon aria-hidden="true" />
        {t('orders.discard.button')}
      </Button>
    ),
    refresh: (
      <Button size="sm" variant="secondary" className="px-2.5" aria-label={t('orders.getRefresh.label', { id })} onClick={() => onRefresh(order)}>
        <SparklesIcon aria-hidden="true" />
        {t('orders.getRefresh.button')}
      </Button>
    ),
    refund: (
      <Button size="sm" variant="outline" className="px-2.5" aria-label={t('orders.refund.label', { id })} onClick={() => onRefund(order)}>
        <Undo2Icon aria-hidden="true" />
        {t('orders.refund.button')}
      </Button>
    ),
    delete: (
      <Button size="sm" variant="outline" className={`px-2.5 ${DESTRUCTIVE}`} aria-label={t('orders.deleteLabel', { id })} onClick={() => onDelete(order)}>
        <Trash2Icon aria-hidden="true" />
        {t('orders.delete.button')}
      </Button>
    ),
    remove: (
      <Button size="sm" variant="outline" className="px-2.5" aria-label={t('orders.remove.label', { id })} onClick={() => onDelete(order)}>
        <Trash2Icon aria-hidden="true" />
        {t('orders.remove.button')}
      </Button>
    ),
    contact: (
      <Button size="sm" variant="outline" className="px-2.5" asChild>
        <a
          href={mailtoLink(supportEmail(), {
            subject: t('orders.contact.subject', { id }),
            body: t('orders.contact.body', { id: order.id, date, status }),
          })}
          aria-label={t('orders.contactLabel', { id })}
        >
          <MailIcon aria-hidden="true" />
          {t('orders.contact.button')}
        </a>
      </Button>
    ),
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {actions.map((action) => (
        <Fragment key={action}>{buttons[action]}</Fragment>
      ))}
      <RowNote order={order} />
    </div>
  );
}
