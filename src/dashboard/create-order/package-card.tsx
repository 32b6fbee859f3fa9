import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { CheckIcon } from 'lucide-react';
import type { PortraitPackage } from '@/shared/catalog/packages';
import { $language } from '@/stores/language';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';
import { formatMoney } from '@/shared/format';

/** The count behind a counted feature ("60 pictures"); null for the plain ones ("Ultra high quality"). */
function featureCount(pkg: PortraitPackage, feature: string): number | null {
  switch (feature) {
    case 'portraits':
      return pkg.portraits;
    case 'poses':
      return pkg.poses;
    case 'combinations':
      return pkg.combinations;
    case 'delivery':
      return pkg.deliveryHours;
    case 'response':
      return pkg.responseHours;
    default:
      return null;
  }
}

export interface PackageCardProps {
  pkg: PortraitPackage;
  /** A purchase is under way: every package button is disabled and reads Processing... */
  processing: boolean;
  /** False for the beta package while no seat is known to remain. */
  available: boolean;
  /** Say 'No beta spots left' under the button (once the seats are known). */
  soldOut?: boolean;
  highlighted?: boolean;
  /** The beta seats left, once known: the beta card says how many. */
  betaSeats?: { remaining: number; total: number };
  onChoose: () => void;
}

/** One package of the purchase step: name, price, description, features, and the button that buys it. */
export function PackageCard({ pkg, processing, available, soldOut = false, highlighted = false, betaSeats, onChoose }: PackageCardProps) {
  const { t } = useTranslation();
  const language = useStore($language);
  const name = t(`catalog.packages.${pkg.id}.name`);
  const isBeta = pkg.id === 'beta';
  const titleId = `package-${pkg.id}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm',
        pkg.popular && 'border-primary ring-1 ring-primary',
        highlighted && 'border-primary ring-2 ring-primary',
      )}
    >
      {(pkg.popular || pkg.bestValue) && (
        <Badge variant={pkg.popular ? 'default' : 'success'} className="absolute -top-2.5 left-5">
          {pkg.popular ? t('catalog.packages.popular') : t('catalog.packages.bestValue')}
        </Badge>
      )}
      <div className="space-y-1">
        <h3 id={titleId} className="font-semibold">
          {name}
        </h3>
        {isBeta ? (
          // The beta package is free: its price is shown struck through, and "Free" is what is paid.
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-bold tracking-tight">{t('catalog.packages.free')}</span>
            <s className="text-lg text-muted-foreground">
              <span className="sr-only">{t('catalog.packages.insteadOf')} </span>
              {formatMoney(pkg.priceCents, pkg.currency, language, { wholeWithoutCents: true })}
            </s>
          </p>
        ) : (
          <p className="text-3xl font-bold tracking-tight">{formatMoney(pkg.priceCents, pkg.currency, language, { wholeWithoutCents: true })}</p>
        )}
        <p className="text-xs text-muted-foreground">
          {isBeta && betaSeats ? t('catalog.packages.seatsLeft', { remaining: betaSeats.remaining, total: betaSeats.total }) : t('catalog.oneTime')}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{t(`catalog.packages.${pkg.id}.description`)}</p>
      <ul className="flex-1 space-y-2 text-sm">
        {pkg.features.map((feature) => {
          const count = featureCount(pkg, feature);
          return (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {count === null ? t(`catalog.packages.features.${feature}`) : t(`catalog.packages.features.${feature}`, { count })}
            </li>
          );
        })}
      </ul>
      <Button
        className="w-full"
        variant={pkg.popular || isBeta ? 'default' : 'outline'}
        disabled={processing || !available}
        onClick={onChoose}
        aria-describedby={titleId}
      >
        {processing ? t('catalog.packages.processing') : isBeta ? t('catalog.packages.joinBeta') : t('catalog.packages.choose', { name })}
      </Button>
      {soldOut && !processing && <p className="-mt-2 text-center text-xs text-muted-foreground">{t('catalog.packages.betaUnavailable')}</p>}
    </section>
  );
}
