import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { call } from '@/api/client';
import { findCategory } from '@/shared/catalog/categories';
import { REFRESH_PACKAGE } from '@/shared/catalog/packages';
import { offeredOptions, optionLabelKey, wizardStep } from '@/shared/catalog/wizard';
import type { OrderPortraitInfo } from '@/shared/contracts/orders';
import { formatMoney } from '@/shared/format';
import { $language } from '@/stores/language';
import { navigate } from '@/stores/location';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { CheckoutDialog, type CheckoutPhase } from '../create-order/checkout-dialog';
import { MultiChoiceGroup } from '../create-order/multi-choice-group';
import { settleAfterPayment } from './after-payment';

export interface RefreshDialogProps {
  /** The delivered order to refresh; null when the dialog is closed. */
  order: { id: string; portraitInfo: OrderPortraitInfo | null } | null;
  onClose: () => void;
  /**
   * On My Orders: the list changed (the refresh's unpaid order was made, or paid) and is reloaded in
   * place. Elsewhere, paying opens My Orders instead.
   */
  onOrdersChanged?: () => void;
}

const STEPS = ['attire', 'background'] as const;
type RefreshStep = (typeof STEPS)[number];

/** The offered choices of a step for the order's category and gender, and those the order had. */
function choicesOf(step: RefreshStep, info: OrderPortraitInfo | null) {
  const spec = wizardStep(step);
  const gender = typeof info?.gender === 'string' ? info.gender : undefined;
  const offered = offeredOptions(spec, info ? findCategory(info.type) : undefined, gender);
  const had = Array.isArray(info?.[step]) ? (info[step] as string[]) : [];
  return { spec, offered, had: had.filter((id) => offered.includes(id)) };
}

/**
 * Get a refresh: new outfits and backgrounds for 20 new portraits of the same person (the other answers
 * stay), then the same checkout as a first order. The refresh is listed from the moment its checkout
 * starts (unpaid, so it can be paid later or discarded), and paying shows it paid.
 */
export function RefreshDialog({ order, onClose, onOrdersChanged }: RefreshDialogProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const [chosen, setChosen] = useState<Record<RefreshStep, string[]>>({ attire: [], background: [] });
  const [checkout, setCheckout] = useState<CheckoutPhase>({ phase: 'closed' });
  const attempt = useRef<AbortController | null>(null);

  // Each opening starts from the order's own choices.
  useEffect(() => {
    if (order) setChosen({ attire: choicesOf('attire', order.portraitInfo).had, background: choicesOf('background', order.portraitInfo).had });
  }, [order]);

  const start = async () => {
    if (!order) return;
    const controller = new AbortController();
    attempt.current = controller;
    setCheckout({ phase: 'preparing' });
    try {
      const { data } = await call('createRefresh', { orderId: order.id, attire: chosen.attire, background: chosen.background });
      if (attempt.current === controller) setCheckout({ phase: 'payment', checkout: data });
      // The refresh is an order from now on, unpaid until the form is paid: the list shows it at once.
      onOrdersChanged?.();
    } catch (error) {
      if (attempt.current !== controller) return;
      setCheckout({ phase: 'closed' });
      toast({ variant: 'destructive', description: t('orders.refreshOrder.failed') + (error as Error).message });
    }
  };

  const closeCheckout = () => {
    attempt.current = null;
    setCheckout({ phase: 'closed' });
  };

  const complete = () => {
    const paidWith = checkout.phase === 'payment' ? checkout.checkout : null;
    attempt.current = null;
    setCheckout({ phase: 'closed' });
    onClose();
    if (onOrdersChanged) {
      void (paidWith ? settleAfterPayment(paidWith) : Promise.resolve()).then(onOrdersChanged);
      return;
    }
    navigate(paidWith?.provider === 'stripe' ? `/dashboard/myOrders?${new URLSearchParams({ session_id: paidWith.sessionId })}` : '/dashboard/myOrders');
  };

  const price = formatMoney(REFRESH_PACKAGE.priceCents, REFRESH_PACKAGE.currency, language);
  const ready = chosen.attire.length > 0 && chosen.background.length > 0;
  return (
    <>
      <Dialog open={order !== null && checkout.phase === 'closed'} onOpenChange={(open) => !open && onClose()}>
        <DialogContent fullScreen closeLabel={t('wizard.checkout.close')}>
          <div className="mx-auto w-full max-w-5xl space-y-6 py-6 sm:py-10">
            <DialogHeader>
              <DialogTitle className="text-2xl">{t('orders.refreshOrder.title')}</DialogTitle>
              <DialogDescription>{t('orders.refreshOrder.description', { count: REFRESH_PACKAGE.portraits, price })}</DialogDescription>
            </DialogHeader>
            {order &&
              STEPS.map((step) => {
                const { spec, offered } = choicesOf(step, order.portraitInfo);
                const headingId = `refresh-${step}`;
                return (
                  <section key={step} aria-labelledby={headingId} className="space-y-2">
                    <h3 id={headingId} className="text-lg font-semibold">
                      {t(`orders.refreshOrder.${step}`)}
                    </h3>
                    <MultiChoiceGroup
                      labelledBy={headingId}
                      options={offered.map((id) => ({
                        value: id,
                        label: t(optionLabelKey(spec, id)),
                        imageUrl: spec.kind === 'multi' ? spec.picture(id) : '',
                      }))}
                      selected={chosen[step]}
                      onToggle={(id) =>
                        setChosen((now) => ({ ...now, [step]: now[step].includes(id) ? now[step].filter((x) => x !== id) : [...now[step], id] }))
                      }
                      onSetAll={(ids) => setChosen((now) => ({ ...now, [step]: ids }))}
                    />
                  </section>
                );
              })}
            <div className="sticky bottom-0 z-10 flex justify-end border-t bg-background py-4">
              <Button size="lg" disabled={!ready} onClick={() => void start()}>
                {t('orders.refreshOrder.continue', { price })}
              </Button>
            </div>
          </div>
        </DialogContent>
      </Dialog>
      <CheckoutDialog state={checkout} onClose={closeCheckout} onComplete={complete} />
    </>
  );
}
