import { errorMessage } from '@/api/client';
import { findPackage, REFRESH_PACKAGE } from '@/shared/catalog/packages';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { CreditCardIcon, FlaskConicalIcon, Loader2Icon } from 'lucide-react';
import type { OfflineSession } from '@/shared/contracts/checkout';
import { $language } from '@/stores/language';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Skeleton } from '@/ui/skeleton';
import { formatMoney } from '@/shared/format';
import { getOfflineSession, payOffline } from './offline-checkout-api';

/**
 * The offline (test-mode) payment form: order summary, a coupon field, and a Pay button that confirms
 * the order without charging a card. Coupon refusals show the server's reason inline.
 */
export function OfflineCheckout({ clientSecret, onPaid }: { clientSecret: string; onPaid: () => void }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const ids = useId();
  const [session, setSession] = useState<OfflineSession | null>(null);
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<string | undefined>();
  const [couponError, setCouponError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getOfflineSession(clientSecret).then(
      (s) => live && setSession(s),
      (e) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [clientSecret]);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    setApplying(true);
    try {
      const next = await getOfflineSession(clientSecret, code.trim() || undefined);
      setSession(next);
      setApplied(next.couponCode ?? undefined);
      setCouponError(null);
    } catch (e) {
      setCouponError(errorMessage(e));
    } finally {
      setApplying(false);
    }
  };

  const pay = async () => {
    setPaying(true);
    setError(null);
    try {
      await payOffline(clientSecret, applied);
      onPaid();
    } catch (e) {
      setError(errorMessage(e));
      setPaying(false);
    }
  };

  // One money format in the summary: the price, the discount and the total all show their cents.
  const money = (cents: number) => formatMoney(cents, session?.currency ?? 'usd', language);
  const couponInput = `${ids}-coupon`;
  const couponErrorId = `${ids}-coupon-error`;

  return (
    <div className="space-y-5">
      <div role="note" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <FlaskConicalIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold uppercase tracking-wide">{t('wizard.checkout.testMode')}</p>
          <p>{t('wizard.checkout.testModeDescription')}</p>
        </div>
      </div>

      <section aria-labelledby={`${ids}-summary`} className="rounded-xl border bg-card p-5 shadow-sm">
        <h3 id={`${ids}-summary`} className="mb-4 font-semibold">
          {t('wizard.checkout.summary')}
        </h3>
        {!session ? (
          error ? null : (
            <div className="space-y-3" role="status" aria-label={t('dashboard.loading')}>
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          )
        ) : (
          <dl className="space-y-3 text-sm">
            {/* A team's seats or a gift card: what is bought, not an order's style and delivery. */}
            {session.purchaseId || session.giftCardId ? (
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{t('wizard.checkout.item')}</dt>
                <dd className="text-right font-medium">
                  {session.giftCardId
                    ? t('giftCards.mine.line', { package: t(`catalog.packages.${session.packageId}.name`) })
                    : t('team.purchases.line', { count: session.quantity ?? 1, package: t(`catalog.packages.${session.packageId}.name`) })}
                </dd>
              </div>
            ) : (
              <OrderLines session={session} />
            )}
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{t('wizard.checkout.price')}</dt>
              <dd>{money(session.priceCents)}</dd>
            </div>
            {session.discountCents - (session.referralDiscountCents ?? 0) - (session.creditCents ?? 0) > 0 && (
              <div className="flex justify-between gap-4 text-success">
                <dt className="flex items-center gap-2">
                  {t('wizard.checkout.discount')}
                  {session.couponCode && <Badge variant="success">{session.couponCode}</Badge>}
                </dt>
                <dd data-testid="checkout-discount">−{money(session.discountCents - (session.referralDiscountCents ?? 0) - (session.creditCents ?? 0))}</dd>
              </div>
            )}
            {/* Referrals: the friend's welcome discount and the referrer's credits, each named. */}
            {(session.referralDiscountCents ?? 0) > 0 && (
              <div className="flex justify-between gap-4 text-success">
                <dt>{t('dashboard.referrals.checkout.friendDiscount')}</dt>
                <dd data-testid="checkout-friend-discount">−{money(session.referralDiscountCents ?? 0)}</dd>
              </div>
            )}
            {(session.creditCents ?? 0) > 0 && (
              <div className="flex justify-between gap-4 text-success">
                <dt>{t('dashboard.referrals.checkout.credit')}</dt>
                <dd data-testid="checkout-credit">−{money(session.creditCents ?? 0)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t pt-3 text-base font-semibold">
              <dt>{t('wizard.checkout.total')}</dt>
              <dd data-testid="checkout-total">{money(session.totalCents)}</dd>
            </div>
          </dl>
        )}
        {session?.discountNote && (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="checkout-discount-note">
            {t(`dashboard.referrals.checkout.${session.discountNote}`)}
          </p>
        )}
      </section>

      {session && !session.isBeta && session.packageId !== REFRESH_PACKAGE.id && (
        <form onSubmit={(e) => void apply(e)} className="space-y-2" noValidate>
          <Label htmlFor={couponInput}>{t('wizard.checkout.coupon')}</Label>
          <div className="flex gap-2">
            <Input
              id={couponInput}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={couponError ? true : undefined}
              aria-describedby={couponError ? couponErrorId : undefined}
              className="uppercase placeholder:normal-case"
            />
            <Button type="submit" variant="outline" disabled={applying || paying}>
              {applying && <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" />}
              {t('wizard.checkout.apply')}
            </Button>
          </div>
          {couponError && (
            <p id={couponErrorId} role="alert" className="text-sm text-destructive">
              {couponError}
            </p>
          )}
        </form>
      )}

      {session && !session.isBeta && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CreditCardIcon className="size-4" aria-hidden="true" />
          {t('wizard.checkout.card')}: <span className="font-mono">4242 4242 4242 4242</span>
        </p>
      )}

      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {t('wizard.checkout.paymentFailed') + error}
        </p>
      )}

      <Button size="lg" className="w-full" disabled={!session || paying || applying} onClick={() => void pay()}>
        {paying && <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" />}
        {paying
          ? t('wizard.checkout.paying')
          : session?.isBeta
            ? t('wizard.checkout.payFree')
            : t('wizard.checkout.pay', { amount: session ? money(session.totalCents) : '' })}
      </Button>
    </div>
  );
}

/** An order's lines in the summary: its style, its package with the portraits it brings, and how soon. */
function OrderLines({ session }: { session: OfflineSession }) {
  const { t } = useTranslation();
  const pkg = findPackage(session.packageId);
  return (
    <>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t('wizard.checkout.style')}</dt>
        <dd className="text-right font-medium">{t(`catalog.categories.${session.categoryId}.name`)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t('wizard.checkout.package')}</dt>
        <dd className="text-right font-medium">
          {pkg
            ? t('dashboard.orderPlaced.packageLine', { package: t(`catalog.packages.${session.packageId}.name`), count: pkg.portraits })
            : t(`catalog.packages.${session.packageId}.name`)}
        </dd>
      </div>
      {pkg && (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('wizard.checkout.delivery')}</dt>
          <dd className="text-right">{t('wizard.checkout.deliveryWithin', { count: pkg.deliveryHours })}</dd>
        </div>
      )}
    </>
  );
}
