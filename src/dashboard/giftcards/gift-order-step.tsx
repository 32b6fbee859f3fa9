import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftIcon, Loader2Icon, SendIcon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { Category } from '@/shared/catalog/categories';
import { findPackage, type PackageId } from '@/shared/catalog/packages';
import { navigate } from '@/stores/location';
import { toast } from '@/stores/toast';
import { resetWizard, usablePhotos, type WizardState } from '@/stores/wizard';
import { discardDraft } from '@/stores/wizard-draft';
import { Button } from '@/ui/button';
import { portraitInfoFrom } from '../create-order/create-checkout';
import { placeGiftOrder } from './gift-order';

/**
 * The wizard's last step for an order a redeemed gift card pays (`?giftcard=<id>`): the card's package,
 * nothing to pay, one button that places the order with the same form a checkout sends.
 */
export function GiftOrderStep({ category, wizard, giftCardId }: { category: Category; wizard: WizardState; giftCardId: string }) {
  const { t } = useTranslation();
  const [packageId, setPackageId] = useState<string | null | undefined>(undefined);
  const [placing, setPlacing] = useState(false);
  const attempt = useRef<AbortController | null>(null);

  useEffect(() => {
    call('giftCardMine', {})
      .then(({ data }) => setPackageId(data.redeemed.find((card) => card.id === giftCardId && !card.orderId)?.packageId ?? null))
      .catch(() => setPackageId(null));
  }, [giftCardId]);

  async function place() {
    if (!packageId) return;
    const controller = new AbortController();
    attempt.current?.abort();
    attempt.current = controller;
    setPlacing(true);
    try {
      const info = portraitInfoFrom(category, wizard.answers, packageId as PackageId);
      const placed = await placeGiftOrder(
        info,
        usablePhotos(wizard.photos).map((p) => p.blob),
        giftCardId,
        { signal: controller.signal },
      );
      navigate(`/dashboard/orderPlaced/${placed.orderId}`);
      resetWizard();
      void discardDraft();
    } catch (error) {
      if (controller.signal.aborted) return;
      setPlacing(false);
      toast({ variant: 'destructive', title: t('wizard.checkout.apiError'), description: t('giftCards.order.failed') + errorMessage(error) });
    }
  }

  if (packageId === undefined) return null;
  const pkg = packageId ? findPackage(packageId) : undefined;
  return (
    <div className="max-w-xl space-y-5 pt-2">
      {pkg ? (
        <>
          <div className="rounded-xl border bg-card p-5 shadow-sm">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <GiftIcon className="size-4" aria-hidden="true" />
              {t('giftCards.order.package')}
            </p>
            <p className="text-lg font-semibold">
              {t('dashboard.orderPlaced.packageLine', { package: t(`catalog.packages.${pkg.id}.name`), count: pkg.portraits })}
            </p>
            <p className="mt-1 text-sm">{t('giftCards.order.noPayment')}</p>
          </div>
          <Button size="lg" className="w-full" disabled={placing} onClick={() => void place()}>
            {placing ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
            {placing ? t('giftCards.order.placing') : t('giftCards.order.place')}
          </Button>
        </>
      ) : (
        <p role="status" className="text-sm text-destructive">
          {t('giftCards.order.missing')}
        </p>
      )}
    </div>
  );
}
