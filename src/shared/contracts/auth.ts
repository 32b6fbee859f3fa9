import { canonicalEmail, EMAIL_PATTERN } from '../email';
import { BUNDLED_LANGUAGES } from '../languages';
import { z } from './zod';

export const ZEmailSchema = z.string().trim().max(254, 'is too long').regex(EMAIL_PATTERN, 'Please enter a valid email address').transform(canonicalEmail);

/** A registered language's code (`locales/<code>.json`): what an account's language may be. */
export const ZLanguageCodeSchema = z.enum(BUNDLED_LANGUAGES, {
  // A hostile length is named as such, as every other text field names it.
  error: (issue) => (typeof issue.input === 'string' && issue.input.length > 5 ? 'is too long' : `must be one of ${BUNDLED_LANGUAGES.join(', ')}`),
});

export const ZSendLoginLinkRequestSchema = z.strictObject({
  email: ZEmailSchema,
  /** The page the visitor first asked for; honoured only when it is a same-site path. */
  redirectURL: z.string().max(2000).optional(),
  /** The language of the page, so the mail is in the customer's language. */
  language: z.string().max(5).optional(),
});

export const ZRedeemLoginLinkRequestSchema = z.strictObject({
  token: z.string().min(1, 'is required').max(200),
});

export const ZRedeemLoginLinkResponseSchema = z.object({ redirectURL: z.string() });

export const ZUserInfoResponseSchema = z.object({
  nickName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  /** The account has the operator role: the dashboard shows the Operations menu. */
  operator: z.boolean(),
  /** The account's language: mails and receipts are in it, and every device opens the dashboard in it. */
  language: ZLanguageCodeSchema,
  /**
   * The account's part in a team, for the dashboard's menu: the team it runs (owner or admin), else the
   * one it is a member of; null when neither. The team pages read the rest through `teamMine`.
   */
  team: z.object({ role: z.enum(['owner', 'admin', 'member']), teamId: z.string() }).nullable(),
});
export type UserInfo = z.infer<typeof ZUserInfoResponseSchema>;

export const ZSetLanguageRequestSchema = z.strictObject({ language: ZLanguageCodeSchema });
export const ZSetLanguageResponseSchema = z.object({ language: ZLanguageCodeSchema });

export const ZAuthProvidersResponseSchema = z.object({ google: z.boolean(), microsoft: z.boolean() });
export type AuthProviders = z.infer<typeof ZAuthProvidersResponseSchema>;

/** Calls that take no input still take a JSON object; nothing may be smuggled in it. */
export const ZEmptyRequestSchema = z.strictObject({});
