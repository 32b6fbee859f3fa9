import type { AppContext } from '../../context.js';
import { findPackage } from '../../../shared/catalog/packages.js';
import { serverT } from '../../i18n.js';
import { renderMail } from '../mail/render-mail.js';
import { inertText } from '../../../shared/email.js';
import { invitationUrl } from './team-tokens.js';

/**
 * The invitation to a team (or its reminder), in the language the admin chose: who pays, what the person
 * gets, and the link that joins them once they sign in with this address. False when it could not be sent.
 */
export async function mailInvitation(
  ctx: Pick<AppContext, 'mailer' | 'config' | 'log'>,
  {
    email,
    token,
    language,
    teamName,
    packageId,
    reminder,
  }: { email: string; token: string; language: string; teamName: string; packageId: string | null; reminder: boolean },
): Promise<boolean> {
  const { t } = serverT(language);
  // The team's name as a name: older teams may hold a web address in it (names with one are refused now).
  const team = inertText(teamName);
  const count = findPackage(packageId ?? 'basic')?.portraits ?? 20;
  const mail = renderMail({
    heading: t('email.teamInvite.heading', { team }),
    paragraphs: [t('email.teamInvite.body', { team, count }), t('email.teamInvite.signIn', { email })],
    button: { label: t('email.teamInvite.button'), url: invitationUrl(ctx.config.publicUrl, token) },
    footer: t('email.teamInvite.footer'),
  });
  try {
    await ctx.mailer.send({ to: email, subject: t(reminder ? 'email.teamInvite.reminderSubject' : 'email.teamInvite.subject', { team }), ...mail });
    return true;
  } catch (error) {
    ctx.log.error({ err: error }, 'could not send a team invitation');
    return false;
  }
}
