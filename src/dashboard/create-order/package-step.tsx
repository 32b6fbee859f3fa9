import { call, errorMessage } from '@/api/client';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { TicketPercentIcon } from 'lucide-react';
import type { Category } from '@/shared/catalog/categories';
import { FIRST_ORDER_COUPON, PACKAGES, type PackageId } from '@/shared/catalog/packages';
import { seatsRemaining } from '@/shared/beta-seats';
import { $coupon, betaAvailable } from '@/stores/coupon';
import { navigate } from '@/stores/location';
import { toast } from '@/stores/toast';
import { resetWizard, usablePhotos, type WizardState } from '@/stores/wizard';
import { discardDraft } from '@/stores/wizard-draft';
import { CheckoutDialog, type CheckoutPhase } from './checkout-dialog';
import { createCheckout, portraitInfoFrom } from './create-checkout';
import { PackageCard } from './package-card';
import { ReferralOfferNote } from '../referrals/referral-offer-note';

/**
 * Whether the customer has never paid for an order (their receipts hold no payment above zero), so the
 * first-order offer is worth telling them about; false until the receipts answer, or when they fail.
 * The checkout still decides: an address that had a paid order under a deleted account is refused
 * there, with the reason.
 */
function useFirstOrder(): boolean {
  const [firstOrder, setFirstOrder] = useState(false);
  useEffect(() => {
    let live = true;
    call('listReceipts').then(
      ({ data }) => live && setFirstOrder(!data.some((receipt) => receipt.amount > 0)),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return firstOrder;
}

/**
 * The last step: choosing a package starts the purchase at once. While it runs every package button
 * is disabled; a failure re-enables them with the 'API Error' toast; a completed payment resets the
 * wizard and opens the order's thank-you page.
 */
export function PackageStep({ category, wizard, beta }: { category: Category; wizard: WizardState; beta: boolean }) {
  const { t } = useTranslation();
  const coupon = useStore($coupon);
  const [processing, setProcessing] = useState(false);
  const [checkout, setCheckout] = useState<CheckoutPhase>({ phase: 'closed' });
  const attempt = useRef<AbortController | null>(null);
  const firstOrder = useFirstOrder();

  const choose = async (packageId: PackageId) => {
    const controller = new AbortController();
    attempt.current = controller;
    setProcessing(true);
    setCheckout({ phase: 'preparing' });
    try {
      const info = portraitInfoFrom(category, wizard.answers, packageId);
      const created = await createCheckout(
        info,
        // Refused photos stay behind: the checkout would only leave them out.
        usablePhotos(wizard.photos).map((p) => p.blob),
        { signal: controller.signal },
      );
      if (attempt.current === controller) setCheckout({ phase: 'payment', checkout: created });
    } catch (error) {
      if (controller.signal.aborted || attempt.current !== controller) return;
      attempt.current = null;
      setCheckout({ phase: 'closed' });
      setProcessing(false);
      toast({
        variant: 'destructive',
        title: t('wizard.checkout.apiError'),
        description: t('wizard.checkout.createError') + errorMessage(error),
      });
    }
  };

  // Closing abandons the purchase: the form is destroyed and an order already created stays pending.
  const close = () => {
    attempt.current?.abort();
    attempt.current = null;
    setCheckout({ phase: 'closed' });
    setProcessing(false);
  };

  const complete = () => {
    attempt.current = null;
    // The thank-you page; Stripe's webhook may come later, so that page asks the server to check this session at once.
    const paidWith = checkout.phase === 'payment' ? checkout.checkout : null;
    setCheckout({ phase: 'closed' });
    if (paidWith) {
      const placed = `/dashboard/orderPlaced/${paidWith.orderId}`;
      navigate(paidWith.provider === 'stripe' ? `${placed}?${new URLSearchParams({ session_id: paidWith.sessionId })}` : placed);
    } else navigate('/dashboard/myOrders');
    resetWizard();
    void discardDraft();
  };

  return (
    <>
      {firstOrder && (
        <p className="mt-2 flex items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
          <TicketPercentIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t('wizard.firstOrderOffer', { percent: FIRST_ORDER_COUPON.percentOff, code: FIRST_ORDER_COUPON.code })}
        </p>
      )}
      {/* Referrals: the friend's welcome discount and usable credits, applied at checkout. */}
      <ReferralOfferNote />
      <div className="grid gap-5 pt-2 sm:grid-cols-2 xl:grid-cols-4">
        {PACKAGES.map((pkg) => {
          const isBeta = pkg.id === 'beta';
          return (
            <PackageCard
              key={pkg.id}
              pkg={pkg}
              processing={processing}
              available={!isBeta || betaAvailable(coupon)}
              soldOut={isBeta && coupon !== undefined && !betaAvailable(coupon)}
              highlighted={beta && isBeta}
              betaSeats={isBeta && coupon ? { remaining: seatsRemaining(coupon), total: coupon.total } : undefined}
              onChoose={() => void choose(pkg.id)}
            />
          );
        })}
      </div>
      <CheckoutDialog state={checkout} onClose={close} onComplete={complete} />
    </>
  );
}
