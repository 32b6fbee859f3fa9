import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ArrowRightIcon, CheckIcon, ImagesIcon, XIcon } from 'lucide-react';
import { call, errorMessage, isLoginRequired } from '@/api/client';
import { findPackage } from '@/shared/catalog/packages';
import type { TeamMembership } from '@/shared/contracts/team';
import { navigate } from '@/stores/location';
import { $team, loadTeam, setMyTeam, setTeamMembership } from '@/stores/team';
import { browserNavigation, loginRedirectURL } from '@/stores/user';
import { Button } from '@/ui/button';
import { ListSkeleton } from '../components/list-states';
import { PageContainer, PageHeader } from '../components/page-header';
import { MembershipBanner } from './membership-banner';

/** Each token is spent once per page load, even if the page mounts twice. */
const joins = new Map<string, Promise<TeamMembership>>();

function joinOnce(body: { invitation: string } | { link: string }): Promise<TeamMembership> {
  const key = JSON.stringify(body);
  let joining = joins.get(key);
  if (!joining) {
    joining = call('teamJoin', body).then(({ data }) => data);
    joins.set(key, joining);
  }
  return joining;
}

/** Where a member's order starts: the team's category when it set one, otherwise New Order; both know it is the team's. */
export function teamOrderHref(membership: TeamMembership): string {
  return membership.brand ? `/dashboard/createOrder/${membership.brand.category}?team=1` : '/dashboard/newOrder?team=1';
}

function Membership({ membership }: { membership: TeamMembership }) {
  const { t } = useTranslation();
  const pkg = findPackage(membership.packageId);
  return (
    <div className="space-y-4">
      <MembershipBanner membership={membership} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('team.member.package')}</dt>
        <dd>{t('dashboard.orderPlaced.packageLine', { package: t(`catalog.packages.${membership.packageId}.name`), count: pkg?.portraits ?? 0 })}</dd>
        {membership.brand && (
          <>
            <dt className="text-muted-foreground">{t('team.member.style')}</dt>
            <dd>{t('team.member.styleChosen', { style: t(`catalog.categories.${membership.brand.category}.name`), team: membership.teamName })}</dd>
          </>
        )}
      </dl>
      {membership.canOrder ? (
        <Button asChild size="lg">
          <a href={teamOrderHref(membership)}>
            {t('team.member.start')}
            <ArrowRightIcon aria-hidden="true" />
          </a>
        </Button>
      ) : (
        <div className="space-y-3">
          <p role="status" className="text-sm">
            {t(`team.member.blocked.${membership.blocked ?? 'noSeat'}`, { team: membership.teamName })}
          </p>
          {membership.orderIds.length > 0 && (
            <Button variant="outline" asChild>
              <a href={`/dashboard/photoSelector/${membership.orderIds[0]}`}>
                <ImagesIcon aria-hidden="true" />
                {t('team.member.viewOrder')}
              </a>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The owner's invitation to help run a team (`?admin=`): the team and the address it went to, accepted or
 * declined here. Accepting opens the team's page; nothing of the team reached the account before.
 */
function AdminInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<{ teamName: string; email: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    call('teamAdminInvitation', { token }).then(
      ({ data }) => setOffer(data),
      (failure: unknown) => {
        if (isLoginRequired(failure)) browserNavigation.assign(loginRedirectURL());
        else setError(errorMessage(failure));
      },
    );
  }, [token]);

  async function answer(choice: 'accept' | 'decline') {
    setBusy(choice);
    try {
      const { data } = await call('teamAnswerAdmin', { token, answer: choice });
      setMyTeam(data);
      if (choice === 'accept') navigate('/dashboard/team', { replace: true });
      else setDeclined(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={offer ? t('team.adminInvitation.title', { team: offer.teamName }) : t('dashboard.titles.teamJoin')} />
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {t('team.adminInvitation.failed') + error}
        </p>
      ) : declined ? (
        <p role="status">{t('team.adminInvitation.declined', { team: offer?.teamName ?? '' })}</p>
      ) : !offer ? (
        <ListSkeleton label={t('team.adminInvitation.loading')} />
      ) : (
        <div className="space-y-4">
          <p>{t('team.adminInvitation.body', { team: offer.teamName, email: offer.email })}</p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" disabled={busy !== null} onClick={() => void answer('accept')}>
              <CheckIcon aria-hidden="true" />
              {busy === 'accept' ? t('team.adminInvitation.accepting') : t('team.adminInvitation.accept')}
            </Button>
            <Button size="lg" variant="outline" disabled={busy !== null} onClick={() => void answer('decline')}>
              <XIcon aria-hidden="true" />
              {t('team.adminInvitation.decline')}
            </Button>
          </div>
        </div>
      )}
    </PageContainer>
  );
}

/**
 * Join (`/dashboard/team/join`): the owner's invitation to help run a team (`?admin=`, `AdminInvitation`);
 * otherwise the invitation's link (`?invitation=`) or a shared link (`?link=`) makes
 * the signed-in customer a member, then the page shows the membership; without a token it shows the
 * membership the customer has, if any.
 */
export function TeamJoinPage() {
  const admin = new URLSearchParams(location.search).get('admin');
  return admin ? <AdminInvitation token={admin} /> : <MemberJoin />;
}

function MemberJoin() {
  const { t } = useTranslation();
  const team = useStore($team);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(() => {
    const params = new URLSearchParams(location.search);
    return params.has('invitation') || params.has('link');
  });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const invitation = params.get('invitation');
    const link = params.get('link');
    if (!invitation && !link) {
      void loadTeam({ force: true });
      return;
    }
    joinOnce(invitation ? { invitation } : { link: link ?? '' }).then(
      (membership) => {
        setTeamMembership(membership);
        // The token is spent: a reload or a shared screen shows the membership, not the token.
        navigate('/dashboard/team/join', { replace: true });
        setJoining(false);
        // The rest of what the customer is to teams (an admin too?) for the menu.
        void loadTeam({ force: true });
      },
      (failure: unknown) => {
        if (isLoginRequired(failure)) {
          browserNavigation.assign(loginRedirectURL());
          return;
        }
        setError(errorMessage(failure));
        setJoining(false);
      },
    );
  }, []);

  const membership = team?.membership ?? null;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={membership ? t('team.member.title', { team: membership.teamName }) : t('dashboard.titles.teamJoin')} />
      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {t('team.member.joinFailed') + error}
        </p>
      )}
      {joining || team === undefined ? (
        <ListSkeleton label={t('team.member.joining')} />
      ) : membership ? (
        <Membership membership={membership} />
      ) : (
        !error && <p className="text-muted-foreground">{t('team.member.none')}</p>
      )}
    </PageContainer>
  );
}
