import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { Skeleton } from '@/ui/skeleton';

/**
 * Stripe's embedded checkout, mounted into a div. The library is imported only here, lazily, so the
 * offline checkout never loads Stripe's script. Unmounting destroys the form (Stripe allows one at a time).
 */
export function StripeCheckout({ publishableKey, clientSecret, onComplete }: { publishableKey: string; clientSecret: string; onComplete: () => void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;
  const [mounted, setMounted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let checkout: StripeEmbeddedCheckout | undefined;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js could not be loaded');
      const instance = await stripe.createEmbeddedCheckoutPage({ clientSecret, onComplete: () => onCompleteRef.current() });
      if (cancelled || !container.current) {
        instance.destroy();
        return;
      }
      checkout = instance;
      instance.mount(container.current);
      setMounted(true);
    })().catch((e: unknown) => {
      console.error('Could not start the embedded checkout', e);
      if (!cancelled) setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);

  return (
    <div>
      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {t('wizard.checkout.paymentFailed') + error}
        </p>
      )}
      {!mounted && !error && (
        <div className="space-y-3" role="status" aria-label={t('dashboard.loading')}>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      <div ref={container} />
    </div>
  );
}
