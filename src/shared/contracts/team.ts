import { z } from './zod';
import { ZEmailSchema, ZLanguageCodeSchema } from './auth';
import { ORDER_STATUSES } from '../orders';
import { LIMITS } from '../limits';
import { looksLikeLink } from '../email';

/**
 * Teams: a company buys seats (one seat, one person's order of the package per seat) and invites its
 * people, who order without paying. Every call is a customer call; what the caller may do in a team
 * (owner, admin, member, nobody) is the service's check, and a team the caller has no part in answers
 * exactly as one that does not exist (404), so ids cannot be probed.
 */

/** The packages a seat can be bought for (the beta package is for individuals only). */
export const SEAT_PACKAGE_IDS = ['basic', 'pro', 'executive'] as const;
export type SeatPackageId = (typeof SEAT_PACKAGE_IDS)[number];

/** What a person is to a team. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * Where a member stands, as the admin's page lists them: invited (no account joined yet), signedIn
 * (joined, no order yet), photosUploaded (an order placed, not generating yet), generating, done,
 * failed (the order failed for good; its seat came back), revoked (the invitation was taken back).
 */
export const MEMBER_STATUSES = ['invited', 'signedIn', 'photosUploaded', 'generating', 'done', 'failed', 'revoked'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const ZId = z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is too long');
export const ZTeamIdSchema = ZId;
const ZRequestId = z
  .string({ message: 'is required' })
  .max(36, 'is too long')
  .pipe(z.uuid({ message: 'must be a UUID' }));

/** A team's name, as members read it ("Your portraits are paid for by {team}"). */
export const ZTeamNameSchema = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(LIMITS.teamNameMax, `must be at most ${LIMITS.teamNameMax} characters`)
  // Members read it in mails: a name, never a link (a team name is not a way to mail strangers a link).
  .refine((name) => name.length > LIMITS.teamNameMax || !looksLikeLink(name), 'must not contain a web address');

/** A domain a link is limited to: `example.com` (no `@`, lower case). */
export const ZEmailDomainSchema = z
  .string({ message: 'must be text' })
  .trim()
  .toLowerCase()
  .max(253, 'is too long')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain such as example.com');

/**
 * The team's brand: the category every member's order is in, and the attire and backgrounds members may
 * pick (each a non-empty subset of what the category offers), or one fixed combination (one attire, one
 * background), which the wizard then presets. Checked against the catalog by the service.
 */
export const ZTeamBrandSchema = z.strictObject({
  category: z.string({ message: 'is required' }).min(1, 'is required').max(60),
  attire: z.array(z.string().max(60)).min(1, 'needs at least one choice').max(60),
  background: z.array(z.string().max(60)).min(1, 'needs at least one choice').max(60),
  /** True: exactly one attire and one background, preset and not changeable in the wizard. */
  fixed: z.boolean(),
});
export type TeamBrand = z.infer<typeof ZTeamBrandSchema>;

/** A purchase of seats, as the admin's page and the receipts list it. */
export const ZSeatPurchaseSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  packageId: z.enum(SEAT_PACKAGE_IDS),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'paid', 'expired']),
  paidAt: z.string().nullable(),
  /** Seats of this purchase given back with their money. */
  refundedSeats: z.number().int(),
  refundedCents: z.number().int(),
  /** Seats of this purchase that can still be refunded now (unused, within the refund window); 0 when none. */
  refundableSeats: z.number().int(),
  receiptUrl: z.string().nullable(),
});
export type SeatPurchase = z.infer<typeof ZSeatPurchaseSchema>;

/** One person on the admin's page: an invitation, and what became of it. */
export const ZTeamMemberSchema = z.object({
  /** The invitation's id (a member who joined by a link has one too). */
  id: z.string(),
  email: z.string(),
  status: z.enum(MEMBER_STATUSES),
  invitedAt: z.string(),
  joinedAt: z.string().nullable(),
  /** When the status last changed (the order placed, completed or failed). */
  statusAt: z.string(),
  remindersSent: z.number().int(),
  /** A reminder can be sent now (invited, under the limit). */
  canRemind: z.boolean(),
  /** The free retry may be given: unused, and the member's latest order failed or came short of its portraits. */
  canRetry: z.boolean(),
  retryUsed: z.boolean(),
  /** The member's favourites (portrait numbers of their latest delivered order), for thumbnails. */
  favorites: z.array(z.object({ orderId: z.string(), no: z.number().int(), url: z.string() })),
});
export type TeamMember = z.infer<typeof ZTeamMemberSchema>;

/** A shareable invitation link. */
export const ZTeamLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  domain: z.string().nullable(),
  cap: z.number().int(),
  used: z.number().int(),
  expiresAt: z.string(),
  revoked: z.boolean(),
});
export type TeamLink = z.infer<typeof ZTeamLinkSchema>;

/** What an owner or admin sees of their team. */
export const ZTeamAdminViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'admin']),
  brand: ZTeamBrandSchema.nullable(),
  /** The package a seat is for (each purchase names its own; the first one's, until one is bought: null). */
  seats: z.object({ bought: z.number().int(), used: z.number().int(), free: z.number().int() }),
  purchases: z.array(ZSeatPurchaseSchema),
  members: z.array(ZTeamMemberSchema),
  links: z.array(ZTeamLinkSchema),
  admins: z.array(z.object({ email: z.string(), role: z.enum(['owner', 'admin']) })),
  /** Addresses the owner asked to help run the team, who have not answered yet. */
  adminInvitations: z.array(z.object({ email: z.string(), invitedAt: z.string() })),
});
export type TeamAdminView = z.infer<typeof ZTeamAdminViewSchema>;

/** What a member sees: who pays, the brand's choices, and whether they may order now. */
export const ZTeamMembershipSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  brand: ZTeamBrandSchema.nullable(),
  /** The package the member's order is made with. */
  packageId: z.enum(SEAT_PACKAGE_IDS),
  /** The member may place a paid-for order now (a seat is free, or their retry is). */
  canOrder: z.boolean(),
  /** Why not, when they may not: `ordered` (their order is placed), `noSeat` (the team has none free). */
  blocked: z.enum(['ordered', 'noSeat']).nullable(),
  /** The member's orders in this team, newest first. */
  orderIds: z.array(z.string()),
});
export type TeamMembership = z.infer<typeof ZTeamMembershipSchema>;

// ---- Calls ----------------------------------------------------------------------------------------

/** A token from a team's mail or link. */
const ZJoinTokenSchema = z.string({ message: 'must be text' }).min(1, 'is required').max(200, 'is too long');

/** `POST /v1/team/mine`: the team the caller runs (owner or admin) and the one they are a member of. */
export const ZMyTeamResponseSchema = z.object({ admin: ZTeamAdminViewSchema.nullable(), membership: ZTeamMembershipSchema.nullable() });

/** `POST /v1/team/create`: any customer who runs no team yet; the caller becomes its owner. */
export const ZCreateTeamRequestSchema = z.strictObject({ name: ZTeamNameSchema });
export const ZTeamAdminResponseSchema = ZTeamAdminViewSchema;

/** `POST /v1/team/brand`: owner or admin; null lets members choose anything. */
export const ZSetTeamBrandRequestSchema = z.strictObject({ teamId: ZTeamIdSchema, brand: ZTeamBrandSchema.nullable() });

/** `POST /v1/team/seats/buy`: owner or admin; the answer mounts the same payment form as an order's checkout. */
export const ZBuySeatsRequestSchema = z.strictObject({
  teamId: ZTeamIdSchema,
  packageId: z.enum(SEAT_PACKAGE_IDS, { message: 'is not a package seats are sold for' }),
  quantity: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(LIMITS.teamSeatsPerPurchase, `must be at most ${LIMITS.teamSeatsPerPurchase}`),
});
export const ZBuySeatsResponseSchema = z.object({
  purchaseId: z.string(),
  sessionId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(['offline', 'stripe']),
  publishableKey: z.string().nullable(),
});

/** `POST /v1/team/seats/confirm`: reads the purchase's payment back from the provider at once (as `confirmCheckout` does). */
export const ZConfirmSeatsRequestSchema = z.strictObject({ sessionId: z.string({ message: 'is required' }).min(1, 'is required').max(200, 'is too long') });
export const ZConfirmSeatsResponseSchema = z.object({ purchaseId: z.string(), teamId: z.string(), status: z.enum(['open', 'paid', 'expired']) });

/** `POST /v1/team/seats/refund`: the unused seats of one purchase, within the refund window; owner or admin. */
export const ZRefundSeatsRequestSchema = z.strictObject({ teamId: ZTeamIdSchema, purchaseId: ZId, requestId: ZRequestId });
export const ZRefundSeatsResponseSchema = z.object({ refundedSeats: z.number().int(), amountCents: z.number().int(), currency: z.string() });

/** `POST /v1/team/invite`: addresses typed or pasted from a CSV (the browser extracts them), mailed in `language`. */
export const ZInviteRequestSchema = z.strictObject({
  teamId: ZTeamIdSchema,
  emails: z.array(ZEmailSchema).min(1, 'needs at least one address').max(LIMITS.teamInvitesPerCall, `lists more than ${LIMITS.teamInvitesPerCall} addresses`),
  language: ZLanguageCodeSchema,
});
/** Addresses already invited (and not revoked) are skipped, not invited twice. */
export const ZInviteResponseSchema = z.object({ invited: z.array(z.string()), skipped: z.array(z.string()) });

/** `POST /v1/team/link/create`: a shareable link, optionally limited to one email domain; a cap and an expiry. */
export const ZCreateLinkRequestSchema = z.strictObject({
  teamId: ZTeamIdSchema,
  domain: ZEmailDomainSchema.nullable(),
  cap: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(LIMITS.teamLinkCapMax, `must be at most ${LIMITS.teamLinkCapMax}`),
  expiresInDays: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(LIMITS.teamLinkDaysMax, `must be at most ${LIMITS.teamLinkDaysMax}`),
});
export const ZCreateLinkResponseSchema = ZTeamLinkSchema;

/** `POST /v1/team/link/revoke`. */
export const ZRevokeLinkRequestSchema = z.strictObject({ teamId: ZTeamIdSchema, linkId: ZId });

/** `POST /v1/team/member/revoke`: an invitation not yet used by an order; its seat (if any) comes back. */
export const ZMemberActionRequestSchema = z.strictObject({ teamId: ZTeamIdSchema, memberId: ZId });

/** `POST /v1/team/member/remind`: the invitation mailed again, at most `LIMITS.teamRemindersMax` times. */
/** `POST /v1/team/member/retry`: the member may order once more on the team, once. */

/**
 * `POST /v1/team/admin/add`: the owner invites an address to help run the team (it accepts or declines);
 * `/remove`: the owner takes an admin's role away, or withdraws the invitation.
 */
export const ZTeamAdminRequestSchema = z.strictObject({ teamId: ZTeamIdSchema, email: ZEmailSchema });

/** `POST /v1/team/admin/invitation`: what the invitation of the mailed token offers, for the address it went to. */
export const ZAdminInvitationRequestSchema = z.strictObject({ token: ZJoinTokenSchema });
export const ZAdminInvitationResponseSchema = z.object({ teamName: z.string(), email: z.string() });

/** `POST /v1/team/admin/answer`: the invited person accepts or declines; the answer is their teams (`team/mine`). */
export const ZAnswerAdminInvitationRequestSchema = z.strictObject({
  token: ZJoinTokenSchema,
  answer: z.enum(['accept', 'decline'], { message: "must be 'accept' or 'decline'" }),
});

/** `POST /v1/team/leave`: an admin stops helping run the team; the answer is their teams (`team/mine`). */
export const ZLeaveTeamRequestSchema = z.strictObject({ teamId: ZTeamIdSchema });

/**
 * `POST /v1/team/join`: the invitation's token (from the mail) or a link's token (shared), exactly one
 * of them. One object rather than a union of two, so that a wrong field is named in the 400.
 */
export const ZJoinTeamRequestSchema = z
  .strictObject({ invitation: ZJoinTokenSchema.optional(), link: ZJoinTokenSchema.optional() })
  .refine((body) => (body.invitation === undefined) !== (body.link === undefined), { message: 'needs either invitation or link, not both' })
  .transform((body): { invitation: string } | { link: string } =>
    body.invitation !== undefined ? { invitation: body.invitation } : { link: body.link ?? '' },
  );
export const ZJoinTeamResponseSchema = ZTeamMembershipSchema;

/** `POST /v1/team/order` (multipart, as the checkout): `options` is `{ portraitInfo }`, checked against the brand. */
export const ZTeamOrderResponseSchema = z.object({ orderId: z.string(), status: z.enum(ORDER_STATUSES) });

// ---- The operator console -------------------------------------------------------------------------

/** `POST /v1/operator/teams/search`: teams by name or an owner's, admin's or member's address; newest first. */
export const ZOperatorTeamsRequestSchema = z.strictObject({ query: z.string().trim().max(200, 'is too long').optional() });
export const ZOperatorTeamRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerEmail: z.string().nullable(),
  createdAt: z.string(),
  seatsBought: z.number().int(),
  seatsUsed: z.number().int(),
  members: z.number().int(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
});
export const ZOperatorTeamsResponseSchema = z.object({ teams: z.array(ZOperatorTeamRowSchema), total: z.number().int() });

/** `POST /v1/operator/teams/get`: one team's purchases and members (no portraits: those are the members'). */
export const ZOperatorTeamRequestSchema = z.strictObject({ teamId: ZTeamIdSchema });
export const ZOperatorTeamResponseSchema = z.object({
  team: ZOperatorTeamRowSchema.extend({ brand: ZTeamBrandSchema.nullable() }),
  purchases: z.array(ZSeatPurchaseSchema),
  admins: z.array(z.object({ email: z.string(), role: z.enum(['owner', 'admin']) })),
  members: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      status: z.enum(MEMBER_STATUSES),
      invitedAt: z.string(),
      orderId: z.string().nullable(),
      retryUsed: z.boolean(),
      /** The console may give the free retry (`operator/teams/grantRetry`): unused, and the order done or failed. */
      canGrantRetry: z.boolean(),
    }),
  ),
});
