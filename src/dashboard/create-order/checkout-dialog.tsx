import { useTranslation } from 'react-i18next';
import type { CheckoutCreateResponse } from '@/shared/contracts/checkout';
import { cn } from '@/ui/cn';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Progress } from '@/ui/progress';
import { OfflineCheckout } from './offline-checkout';
import { StripeCheckout } from './stripe-checkout';
import { useFakeProgress } from './use-fake-progress';

/** What the payment form needs: an order's checkout, or a team's purchase of seats, answers it alike. */
export type PaymentForm = Pick<CheckoutCreateResponse, 'clientSecret' | 'provider' | 'publishableKey'>;

/** Where the checkout dialog is: closed, preparing the order (fake progress), or showing the payment form. */
export type CheckoutPhase<T extends PaymentForm = CheckoutCreateResponse> = { phase: 'closed' } | { phase: 'preparing' } | { phase: 'payment'; checkout: T };

function PreparingOrder() {
  const { t } = useTranslation();
  const { value, statusIndex } = useFakeProgress(true);
  return (
    <div className="space-y-4 pt-4">
      <Progress value={value} aria-label={t('wizard.checkout.submitting')} />
      <div className="flex items-center justify-between gap-4 text-sm text-muted-foreground">
        <p role="status">{t(`wizard.checkout.status${statusIndex + 1}`)}</p>
        <p aria-hidden="true" className="tabular-nums">
          {value}%
        </p>
      </div>
    </div>
  );
}

/**
 * The full-screen checkout: 'Submitting your order...' while the order is created, then 'Complete Your
 * Payment' with the provider's form. Closing it (or completing the payment) unmounts, and so destroys, the form.
 */
export function CheckoutDialog({ state, onClose, onComplete }: { state: CheckoutPhase<PaymentForm>; onClose: () => void; onComplete: () => void }) {
  const { t } = useTranslation();
  const open = state.phase !== 'closed';
  // Stripe's form lays out in two columns when it has the room; the test-mode form is a narrow column.
  const stripe = state.phase === 'payment' && state.checkout.provider === 'stripe';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent fullScreen closeLabel={t('wizard.checkout.close')} aria-describedby={undefined}>
        <div className={cn('mx-auto w-full py-6 sm:py-10', stripe ? 'max-w-5xl' : 'max-w-xl')}>
          <DialogHeader>
            <DialogTitle className="text-2xl">{state.phase === 'payment' ? t('wizard.checkout.complete') : t('wizard.checkout.submitting')}</DialogTitle>
          </DialogHeader>
          <div className="mt-6">
            {state.phase === 'preparing' && <PreparingOrder />}
            {state.phase === 'payment' &&
              (state.checkout.provider === 'stripe' && state.checkout.publishableKey ? (
                <StripeCheckout publishableKey={state.checkout.publishableKey} clientSecret={state.checkout.clientSecret} onComplete={onComplete} />
              ) : (
                <OfflineCheckout clientSecret={state.checkout.clientSecret} onPaid={onComplete} />
              ))}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
