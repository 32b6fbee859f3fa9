import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { BanIcon, BellRingIcon, DownloadIcon, FileSpreadsheetIcon, RotateCwIcon } from 'lucide-react';
import type { TeamAdminView, TeamMember } from '@/shared/contracts/team';
import { formatDate } from '@/shared/format';
import { LIMITS } from '@/shared/limits';
import { $language } from '@/stores/language';
import { Button } from '@/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { MemberStatusBadge } from './member-status-badge';
import { useTeamCall } from './team-call';
import { TeamSection } from './team-section';

/** An invitation can be taken back until its order is placed. */
const revocable = (member: TeamMember) => member.status === 'invited' || member.status === 'signedIn';

function Favorites({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  if (member.favorites.length === 0) return <span className="text-sm text-muted-foreground">{t('team.members.noFavorites')}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('team.members.favoritesOf', { email: member.email })}>
      {member.favorites.map((favorite) => (
        <li key={`${favorite.orderId}-${favorite.no}`}>
          <img
            src={favorite.url}
            alt={t('team.members.favoriteAlt', { no: favorite.no })}
            loading="lazy"
            width={40}
            height={58}
            className="h-[58px] w-10 rounded object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

/** Each member: where they stand and since when, their favourites, and the admin's actions (remind, revoke, one free retry). */
export function MembersSection({ team }: { team: TeamAdminView }) {
  const { t } = useTranslation();
  const language = useStore($language);
  const { busy, run } = useTeamCall();
  const date = (iso: string) => formatDate(iso, language);
  const favorites = team.members.reduce((sum, m) => sum + m.favorites.length, 0);

  return (
    <TeamSection
      id="team-members"
      title={t('team.members.title', { n: team.members.length })}
      description={t('team.members.description')}
      actions={
        <>
          <Button variant="outline" size="sm" asChild>
            <a href={`/v1/team/${encodeURIComponent(team.id)}/members.csv`} download>
              <FileSpreadsheetIcon aria-hidden="true" />
              {t('team.members.csv')}
            </a>
          </Button>
          {favorites > 0 && (
            <Button size="sm" asChild>
              <a href={`/v1/team/${encodeURIComponent(team.id)}/favorites.zip`} download>
                <DownloadIcon aria-hidden="true" />
                {t('team.members.zip')}
              </a>
            </Button>
          )}
        </>
      }
    >
      {team.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('team.members.none')}</p>
      ) : (
        // On a phone each member is a stacked block (address, status, then actions) rather than a row to
        // scroll sideways; the roles keep it a table for assistive technology whatever the display.
        <Table role="table" className="max-sm:block">
          <caption className="sr-only">{t('team.members.caption')}</caption>
          <TableHeader role="rowgroup" className="max-sm:sr-only">
            <TableRow role="row">
              <TableHead>{t('team.members.member')}</TableHead>
              <TableHead>{t('team.members.status')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('team.members.favorites')}</TableHead>
              <TableHead className="text-right">{t('team.members.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody role="rowgroup" className="max-sm:block">
            {team.members.map((member) => (
              <TableRow key={member.id} role="row" className="align-top max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:py-3">
                <TableCell role="cell" className="max-w-56 max-sm:max-w-none max-sm:whitespace-normal max-sm:p-0">
                  <p className="truncate font-medium" title={member.email}>
                    {member.email}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('team.members.invitedOn', { date: date(member.invitedAt) })}
                    {member.joinedAt && ` · ${t('team.members.joinedOn', { date: date(member.joinedAt) })}`}
                  </p>
                  {/* On a phone the favourites column is hidden: they show under the address. */}
                  <div className="mt-2 md:hidden">
                    <Favorites member={member} />
                  </div>
                </TableCell>
                <TableCell role="cell" className="max-sm:flex max-sm:items-center max-sm:gap-2 max-sm:p-0">
                  <MemberStatusBadge status={member.status} />
                  <p className="mt-1 text-xs text-muted-foreground max-sm:mt-0">
                    <time dateTime={member.statusAt}>{date(member.statusAt)}</time>
                  </p>
                  {member.retryUsed && <p className="text-xs text-muted-foreground">{t('team.members.retryUsed')}</p>}
                </TableCell>
                <TableCell role="cell" className="hidden md:table-cell">
                  <Favorites member={member} />
                </TableCell>
                <TableCell role="cell" className="max-sm:p-0">
                  <div className="flex flex-col items-end gap-1 max-sm:flex-row max-sm:flex-wrap max-sm:items-center max-sm:-ml-3">
                    {member.status === 'invited' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={busy !== null || !member.canRemind}
                        title={member.canRemind ? undefined : t('team.members.remindLimit', { max: LIMITS.teamRemindersMax })}
                        aria-label={t('team.members.remindLabel', { email: member.email })}
                        onClick={() =>
                          void run('teamRemindMember', { teamId: team.id, memberId: member.id }, t('team.members.reminded', { email: member.email }), member.id)
                        }
                      >
                        <BellRingIcon aria-hidden="true" />
                        {t('team.members.remind', { sent: member.remindersSent, max: LIMITS.teamRemindersMax })}
                      </Button>
                    )}
                    {member.canRetry && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={busy !== null}
                        aria-label={t('team.members.retryLabel', { email: member.email })}
                        onClick={() =>
                          void run('teamRetryMember', { teamId: team.id, memberId: member.id }, t('team.members.retried', { email: member.email }), member.id)
                        }
                      >
                        <RotateCwIcon aria-hidden="true" />
                        {t('team.members.retry')}
                      </Button>
                    )}
                    {revocable(member) && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive"
                        disabled={busy !== null}
                        aria-label={t('team.members.revokeLabel', { email: member.email })}
                        onClick={() =>
                          void run('teamRevokeMember', { teamId: team.id, memberId: member.id }, t('team.members.revoked', { email: member.email }), member.id)
                        }
                      >
                        <BanIcon aria-hidden="true" />
                        {t('team.members.revoke')}
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <p className="text-xs text-muted-foreground">{t('team.members.privacy')}</p>
    </TeamSection>
  );
}
