import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2Icon, SendIcon } from 'lucide-react';
import { errorMessage } from '@/api/client';
import type { Category } from '@/shared/catalog/categories';
import { findPackage } from '@/shared/catalog/packages';
import type { TeamMembership } from '@/shared/contracts/team';
import { navigate } from '@/stores/location';
import { loadTeam } from '@/stores/team';
import { toast } from '@/stores/toast';
import { resetWizard, stepOptionIds, usablePhotos, type WizardState } from '@/stores/wizard';
import { discardDraft } from '@/stores/wizard-draft';
import { Button } from '@/ui/button';
import { portraitInfoFrom } from '../create-order/create-checkout';
import { brandedAnswer } from './brand-options';
import { MembershipBanner } from './membership-banner';
import { placeTeamOrder } from './team-order';

/**
 * A member's last step: no packages and no payment; the team's package, and one button that places the
 * order on the team with the same form a checkout sends. Then the order's thank-you page, as after paying.
 */
export function TeamOrderStep({ category, wizard, membership }: { category: Category; wizard: WizardState; membership: TeamMembership }) {
  const { t } = useTranslation();
  const [placing, setPlacing] = useState(false);
  const attempt = useRef<AbortController | null>(null);
  const pkg = findPackage(membership.packageId);

  async function place() {
    const controller = new AbortController();
    attempt.current?.abort();
    attempt.current = controller;
    setPlacing(true);
    try {
      const { answers } = wizard;
      const brand = membership.brand;
      // Answers a draft kept from before the brand are left out; the fixed look is always what goes.
      const branded = {
        ...answers,
        attire: brandedAnswer('attire', stepOptionIds('attire', category.id, answers.gender), brand, answers.attire),
        background: brandedAnswer('background', stepOptionIds('background', category.id, answers.gender), brand, answers.background),
      };
      const info = portraitInfoFrom(category, branded, membership.packageId);
      const placed = await placeTeamOrder(
        info,
        usablePhotos(wizard.photos).map((p) => p.blob),
        { signal: controller.signal },
      );
      navigate(`/dashboard/orderPlaced/${placed.orderId}`);
      resetWizard();
      void discardDraft();
      void loadTeam({ force: true });
    } catch (error) {
      if (controller.signal.aborted) return;
      setPlacing(false);
      toast({ variant: 'destructive', title: t('wizard.checkout.apiError'), description: t('team.order.failed') + errorMessage(error) });
    }
  }

  return (
    <div className="max-w-xl space-y-5 pt-2">
      <MembershipBanner membership={membership} />
      <div className="rounded-xl border bg-card p-5 shadow-sm">
        <p className="text-sm text-muted-foreground">{t('team.order.package')}</p>
        <p className="text-lg font-semibold">
          {t('dashboard.orderPlaced.packageLine', { package: t(`catalog.packages.${membership.packageId}.name`), count: pkg?.portraits ?? 0 })}
        </p>
        <p className="mt-1 text-sm">{t('team.order.noPayment', { team: membership.teamName })}</p>
      </div>
      {membership.canOrder ? (
        <Button size="lg" className="w-full" disabled={placing} onClick={() => void place()}>
          {placing ? <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
          {placing ? t('team.order.placing') : t('team.order.place')}
        </Button>
      ) : (
        <p role="status" className="text-sm text-destructive">
          {t(`team.member.blocked.${membership.blocked ?? 'noSeat'}`, { team: membership.teamName })}
        </p>
      )}
    </div>
  );
}
