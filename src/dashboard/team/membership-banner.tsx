import { useTranslation } from 'react-i18next';
import { BuildingIcon, HeartIcon } from 'lucide-react';
import type { TeamMembership } from '@/shared/contracts/team';

/** Who pays for a member's portraits, and what their team sees of them: only the favourites. */
export function MembershipBanner({ membership }: { membership: TeamMembership }) {
  const { t } = useTranslation();
  return (
    <div role="note" className="space-y-1 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <BuildingIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('team.member.paidBy', { team: membership.teamName })}
      </p>
      <p className="flex items-center gap-2 text-muted-foreground">
        <HeartIcon className="size-4 shrink-0" aria-hidden="true" />
        {t('team.member.favoritesShared', { team: membership.teamName })}
      </p>
    </div>
  );
}
