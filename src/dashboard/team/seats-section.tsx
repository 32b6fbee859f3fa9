import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ShoppingCartIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import { findPackage } from '@/shared/catalog/packages';
import { SEAT_PACKAGE_IDS, type SeatPackageId, type TeamAdminView } from '@/shared/contracts/team';
import { formatMoney } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { $language } from '@/stores/language';
import { loadTeam } from '@/stores/team';
import { toast } from '@/stores/toast';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { CheckoutDialog, type CheckoutPhase, type PaymentForm } from '../create-order/checkout-dialog';
import { SELECT_CLASS, TeamSection } from './team-section';

type SeatCheckout = PaymentForm & { sessionId: string };

/**
 * After the payment form says it is paid, the server reads the purchase back from the provider at once
 * (as an order's checkout does) and the page shows the seats. A failed check is only logged: the
 * provider's webhook settles the purchase anyway.
 */
export async function confirmSeats(sessionId: string): Promise<void> {
  await call('teamConfirmSeats', { sessionId }).catch((error: unknown) => console.error('Could not check the seats payment', error));
  await loadTeam({ force: true });
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Seats: bought, used and free, and buying more through the same payment dialog as an order. */
export function SeatsSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const language = useStore($language);
  // The first paid purchase fixes the team's package: later seats are of the same one.
  const fixedPackage = team.purchases.find((p) => p.status === 'paid')?.packageId;
  const [chosenPackage, setPackageId] = useState<SeatPackageId>('pro');
  const packageId = fixedPackage ?? chosenPackage;
  const [quantity, setQuantity] = useState('5');
  const [checkout, setCheckout] = useState<CheckoutPhase<SeatCheckout>>({ phase: 'closed' });
  const attempt = useRef(0);

  const pkg = findPackage(packageId);
  const count = Number.parseInt(quantity, 10);
  const validCount = Number.isInteger(count) && count >= 1 && count <= LIMITS.teamSeatsPerPurchase;
  const total = pkg && validCount ? formatMoney(pkg.priceCents * count, pkg.currency, language) : null;

  async function buy(event: FormEvent) {
    event.preventDefault();
    if (!validCount) return;
    const mine = ++attempt.current;
    setCheckout({ phase: 'preparing' });
    try {
      const { data } = await call('teamBuySeats', { teamId: team.id, packageId, quantity: count });
      if (attempt.current === mine) setCheckout({ phase: 'payment', checkout: data });
    } catch (error) {
      if (attempt.current !== mine) return;
      setCheckout({ phase: 'closed' });
      toast({ variant: 'destructive', description: t('team.seats.buyFailed') + errorMessage(error) });
    }
  }

  const close = () => {
    attempt.current++;
    setCheckout({ phase: 'closed' });
  };

  const complete = () => {
    const paid = checkout.phase === 'payment' ? checkout.checkout : null;
    close();
    if (!paid) return;
    toast({ description: t('team.seats.paid') });
    void confirmSeats(paid.sessionId);
  };

  return (
    <TeamSection id="team-seats" title={t('team.seats.title')} description={t('team.seats.description')}>
      <dl className="grid grid-cols-3 gap-3">
        <Figure label={t('team.seats.bought')} value={team.seats.bought} />
        <Figure label={t('team.seats.used')} value={team.seats.used} />
        <Figure label={t('team.seats.free')} value={team.seats.free} />
      </dl>
      <form aria-label={t('team.seats.buyTitle')} onSubmit={(e) => void buy(e)} className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end" noValidate>
        <div className="space-y-1">
          <Label htmlFor="seat-package">{t('team.seats.package')}</Label>
          <select
            id="seat-package"
            className={SELECT_CLASS}
            value={packageId}
            disabled={fixedPackage !== undefined}
            aria-describedby={fixedPackage ? 'seat-package-fixed' : undefined}
            onChange={(e) => setPackageId(e.target.value as SeatPackageId)}
          >
            {SEAT_PACKAGE_IDS.map((id) => {
              const option = findPackage(id);
              return (
                <option key={id} value={id}>
                  {t('team.seats.packageOption', {
                    package: t(`catalog.packages.${id}.name`),
                    portraits: option?.portraits ?? 0,
                    price: option ? formatMoney(option.priceCents, option.currency, language) : '',
                  })}
                </option>
              );
            })}
          </select>
          {fixedPackage && (
            <p id="seat-package-fixed" className="text-xs text-muted-foreground">
              {t('team.seats.packageFixed')}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <Label htmlFor="seat-quantity">{t('team.seats.quantity')}</Label>
          <Input
            id="seat-quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={LIMITS.teamSeatsPerPurchase}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-invalid={validCount ? undefined : true}
          />
        </div>
        <Button type="submit" disabled={!validCount || checkout.phase !== 'closed'}>
          <ShoppingCartIcon aria-hidden="true" />
          {t('team.seats.buy')}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total ? t('team.seats.total', { count, amount: total }) : t('team.seats.quantityHint', { max: LIMITS.teamSeatsPerPurchase })}
      </p>
      <CheckoutDialog state={checkout} onClose={close} onComplete={complete} />
    </TeamSection>
  );
}
