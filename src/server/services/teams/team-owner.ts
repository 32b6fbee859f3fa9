import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { teamAdmins, teams, users } from '../../db/schema.js';
import { serverT } from '../../i18n.js';
import { renderMail } from '../mail/render-mail.js';
import { inertText } from '../../../shared/email.js';
import { lockTeam } from './seats.js';

/** A team's new owner, to be told by mail once the change is committed. */
export interface NewOwner {
  teamName: string;
  email: string;
  language: string;
}

/**
 * When the owner of a team deletes their account (inside its transaction, before the account goes), the
 * team's longest-serving admin becomes its owner. Null when the account owned no team; `newOwner` null
 * when the team had no admin: it stays without an owner until the operator names one (`nameTeamOwner`).
 */
export async function handOnTeam(tx: Tx, userId: string): Promise<{ teamId: string; newOwner: NewOwner | null } | null> {
  const [owned] = await tx
    .select({ teamId: teamAdmins.teamId, teamName: teams.name })
    .from(teamAdmins)
    .innerJoin(teams, eq(teams.id, teamAdmins.teamId))
    .where(and(eq(teamAdmins.userId, userId), eq(teamAdmins.role, 'owner')));
  if (!owned) return null;
  await lockTeam(tx, owned.teamId);
  const [next] = await tx
    .select({ userId: teamAdmins.userId, email: users.email, language: users.language })
    .from(teamAdmins)
    .innerJoin(users, eq(users.id, teamAdmins.userId))
    .where(and(eq(teamAdmins.teamId, owned.teamId), eq(teamAdmins.role, 'admin')))
    .orderBy(asc(teamAdmins.createdAt), asc(teamAdmins.userId))
    .limit(1);
  if (!next) return { teamId: owned.teamId, newOwner: null };
  await tx
    .update(teamAdmins)
    .set({ role: 'owner' })
    .where(and(eq(teamAdmins.teamId, owned.teamId), eq(teamAdmins.userId, next.userId)));
  return { teamId: owned.teamId, newOwner: { teamName: owned.teamName, email: next.email, language: next.language } };
}

/** Tells the new owner, in their language, why the team is now theirs: its owner left, or the operator named them. */
export async function mailNewOwner(ctx: Pick<AppContext, 'mailer' | 'config' | 'log'>, owner: NewOwner, why: 'handedOn' | 'named'): Promise<void> {
  const { t } = serverT(owner.language);
  const team = inertText(owner.teamName);
  try {
    await ctx.mailer.send({
      to: owner.email,
      subject: t('email.teamOwner.subject', { team }),
      ...renderMail({
        heading: t('email.teamOwner.heading', { team }),
        paragraphs: [t(`email.teamOwner.${why}`, { team }), t('email.teamOwner.what')],
        button: { label: t('email.teamOwner.button'), url: `${ctx.config.publicUrl}/dashboard/team` },
        footer: t('email.teamOwner.footer'),
      }),
    });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not tell a team its new owner');
  }
}
