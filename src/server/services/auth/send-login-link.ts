import type { AppContext } from '../../context.js';
import { loginTokens } from '../../db/schema.js';
import { serverT } from '../../i18n.js';
import { LIMITS } from '../../../shared/limits.js';
import { DEFAULT_LANGUAGE, isOfferedLanguage, localizePath } from '../../../shared/i18n.js';
import { safeRedirectPath } from '../../../shared/redirect.js';
import { renderMail } from '../mail/render-mail.js';
import { enforceRateLimit } from './rate-limit.js';
import { hashToken, newToken } from '../../tokens.js';

const HOUR = 60 * 60 * 1000;
export const LOGIN_LINKS_PER_EMAIL_PER_HOUR = 5;

/**
 * Emails a single-use sign-in link valid for 10 minutes. The answer is the same whether or not an
 * account exists for the address; only the rate limits can refuse it. The mail is in the language of
 * the page it was asked from, and an account the link creates starts in that language.
 */
export async function sendLoginLink(
  ctx: Pick<AppContext, 'database' | 'mailer' | 'clock' | 'config'>,
  input: { email: string; redirectURL?: string; language?: string; ip: string },
): Promise<void> {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const { t, language } = serverT(input.language);
  const message = (minutes: number) => t('email.loginLink.tooMany', { minutes });
  await enforceRateLimit(db, { key: `login-link:ip:${input.ip}`, limit: ctx.config.loginLinksPerIpPerHour, windowMs: HOUR, now, message });
  await enforceRateLimit(db, { key: `login-link:email:${input.email}`, limit: LOGIN_LINKS_PER_EMAIL_PER_HOUR, windowMs: HOUR, now, message });

  const token = newToken();
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    email: input.email,
    redirectUrl: safeRedirectPath(input.redirectURL),
    language,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIMITS.loginLinkTtlMs),
  });

  // A language bundled but not offered yet has no pages of its own: the link opens the English one.
  const pageLanguage = isOfferedLanguage(language) ? language : DEFAULT_LANGUAGE;
  const url = `${ctx.config.publicUrl}${localizePath('/login/verify', pageLanguage)}?token=${token}`;
  const minutes = LIMITS.loginLinkTtlMs / 60_000;
  await ctx.mailer.send({
    to: input.email,
    subject: t('email.loginLink.subject'),
    ...renderMail({
      heading: t('email.loginLink.heading'),
      paragraphs: [t('email.loginLink.intro'), t('email.loginLink.expiry', { minutes })],
      button: { label: t('email.loginLink.button'), url },
      footer: t('email.loginLink.ignore'),
    }),
  });
}
