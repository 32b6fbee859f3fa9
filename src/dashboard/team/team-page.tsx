import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ArrowRightIcon } from 'lucide-react';
import { navigate } from '@/stores/location';
import { $team, loadTeam } from '@/stores/team';
import { Button } from '@/ui/button';
import { ListSkeleton, RefreshButton } from '../components/list-states';
import { PageContainer, PageHeader } from '../components/page-header';
import { AdminsSection } from './admins-section';
import { BrandSection } from './brand-section';
import { CreateTeamForm } from './create-team-form';
import { InviteSection } from './invite-section';
import { LinksSection } from './links-section';
import { MembersSection } from './members-section';
import { PurchasesSection } from './purchases-section';
import { confirmSeats, SeatsSection } from './seats-section';

/**
 * Team (`/dashboard/team`): the team the customer runs (seats, invitations, members, brand, admins,
 * purchases), or, for a customer who runs none, its creation. A return from Stripe's payment page
 * (`?session_id=`) has the seats' payment checked first.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const team = useStore($team);

  useEffect(() => {
    const sessionId = new URLSearchParams(location.search).get('session_id');
    if (sessionId) {
      navigate('/dashboard/team', { replace: true });
      void confirmSeats(sessionId);
    } else void loadTeam({ force: true });
  }, []);

  const admin = team?.admin;
  return (
    <PageContainer>
      <PageHeader
        title={admin ? admin.name : t('dashboard.titles.team')}
        description={admin ? t(`team.admin.description.${admin.role}`) : t('team.page.description')}
        actions={admin && <RefreshButton loading={false} onRefresh={() => void loadTeam({ force: true })} label={t('team.refresh')} />}
      />
      {team === undefined ? (
        <ListSkeleton label={t('dashboard.loading')} />
      ) : team === null ? (
        <div role="alert" className="space-y-3">
          <p className="text-destructive">{t('team.page.loadFailed')}</p>
          <Button variant="outline" onClick={() => void loadTeam({ force: true })}>
            {t('team.refresh')}
          </Button>
        </div>
      ) : !admin ? (
        <>
          {team.membership && (
            <p className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
              {t('team.page.memberOf', { team: team.membership.teamName })}
              <Button variant="outline" size="sm" asChild>
                <a href="/dashboard/team/join">
                  {t('team.page.openMembership')}
                  <ArrowRightIcon aria-hidden="true" />
                </a>
              </Button>
            </p>
          )}
          <CreateTeamForm />
        </>
      ) : (
        <div className="space-y-6">
          <SeatsSection team={admin} />
          <InviteSection team={admin} />
          <LinksSection team={admin} />
          <MembersSection team={admin} />
          <BrandSection key={JSON.stringify(admin.brand)} team={admin} />
          <AdminsSection team={admin} />
          <PurchasesSection team={admin} />
        </div>
      )}
    </PageContainer>
  );
}
