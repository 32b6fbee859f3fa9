import { EMAIL_PATTERN } from '../email';
import { z } from './zod';

export const ZEmailSchema = z
  .string()
  .trim()
  .max(254, 'is too long')
  .regex(EMAIL_PATTERN, 'Please enter a valid email address')
  .transform((v) => v.toLowerCase());

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
});
export type UserInfo = z.infer<typeof ZUserInfoResponseSchema>;

export const ZAuthProvidersResponseSchema = z.object({ google: z.boolean(), microsoft: z.boolean() });
export type AuthProviders = z.infer<typeof ZAuthProvidersResponseSchema>;

/** Calls that take no input still take a JSON object; nothing may be smuggled in it. */
export const ZEmptyRequestSchema = z.strictObject({});
