import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { EyeIcon, MailIcon, SparklesIcon, Trash2Icon, Undo2Icon } from 'lucide-react';
import type { Order } from '@/shared/contracts/orders';
import { supportEmail } from '../support-email';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { formatDate, shortOrderId } from '@/shared/format';
import { mailtoLink, orderActions, photoSelectorPath, refundBlockedKey, statusBadge } from './order-actions';

export interface OrderRowActionsProps {
  order: Order;
  now: Date;
  onDelete: (order: Order) => void;
  onRefund: (order: Order) => void;
  onRefresh: (order: Order) => void;
}

/** View, Delete or Contact as the order's status allows (spec section 4), or a dash. */
export function OrderRowActions({ order, now, onDelete, onRefund, onRefresh }: OrderRowActionsProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const actions = orderActions(order, now);
  const id = shortOrderId(order.id);
  const blockedKey = refundBlockedKey(order);
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
  return (
    <div className="flex flex-wrap items-center gap-1">
      {actions.includes('view') && (
        <Button size="sm" variant="outline" className="px-2.5" asChild>
          <a href={photoSelectorPath(order.id)} aria-label={t('orders.viewLabel', { id })}>
            <EyeIcon aria-hidden="true" />
            {t('orders.view')}
          </a>
        </Button>
      )}
      {actions.includes('refresh') && (
        <Button size="sm" variant="outline" className="px-2.5" aria-label={t('orders.getRefresh.label', { id })} onClick={() => onRefresh(order)}>
          <SparklesIcon aria-hidden="true" />
          {t('orders.getRefresh.button')}
        </Button>
      )}
      {actions.includes('delete') && (
        <Button
          size="sm"
          variant="outline"
          className="px-2.5 text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t('orders.deleteLabel', { id })}
          onClick={() => onDelete(order)}
        >
          <Trash2Icon aria-hidden="true" />
          {t('orders.delete.button')}
        </Button>
      )}
      {actions.includes('contact') && (
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
      )}
      {actions.includes('refund') && (
        <Button size="sm" variant="outline" className="px-2.5" aria-label={t('orders.refund.label', { id })} onClick={() => onRefund(order)}>
          <Undo2Icon aria-hidden="true" />
          {t('orders.refund.button')}
        </Button>
      )}
      {blockedKey && <span className="basis-full text-xs text-muted-foreground">{t(blockedKey)}</span>}
    </div>
  );
}
