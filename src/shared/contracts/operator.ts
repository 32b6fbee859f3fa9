import { z } from './zod';
import { ZEmailSchema, ZLanguageCodeSchema } from './auth';
import { LIMITS } from '../limits';
import { ORDER_STATUSES } from '../orders';
import { ZOrderIdSchema } from './orders';

/**
 * The operator console's calls (`/v1/operator/*`). Only accounts with the operator role reach them;
 * anyone else gets the answer of a route that does not exist.
 */

/** Every action the console can take, as the audit log names it. */
export const OPERATOR_ACTIONS = [
  'retry',
  'refund',
  'resendReady',
  'extendRetention',
  'deleteCustomer',
  'setBetaSeats',
  'freeBetaSeat',
  'voidReferralCredit',
  'voidGiftCard',
  'resendGiftCard',
  'setTeamOwner',
  'grantTeamRetry',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** Made once per confirmation dialog: the same confirmation sent twice (a double click, a retry) acts once. */
export const ZRequestId = z
  .string({ message: 'is required' })
  .max(36, 'is too long')
  .pipe(z.uuid({ message: 'must be a UUID' }));
const ZEmail = ZEmailSchema;
const ZIsoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

// ---- Overview -------------------------------------------------------------------------------------

export const ZOverviewDaySchema = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  day: z.string(),
  orders: z.number().int(),
  revenueCents: z.number().int(),
  refundedCents: z.number().int(),
});

/** What the likeness check did with the images generated: counts, the median score, why images were rejected. */
export const ZLikenessFiguresSchema = z.object({
  generated: z.number().int(),
  delivered: z.number().int(),
  rejected: z.number().int(),
  /** Median likeness score of the images scored; null when none was. */
  medianScore: z.number().nullable(),
  /** Rejected images by reason (an image can have several). */
  reasons: z.record(z.string(), z.number().int()),
});
export type LikenessFigures = z.infer<typeof ZLikenessFiguresSchema>;

const ZDurationSchema = z.object({ medianSeconds: z.number().nullable(), p90Seconds: z.number().nullable(), orders: z.number().int() });

export const ZOverviewResponseSchema = z.object({
  /** The last 30 UTC days, oldest first, every day present. */
  days: z.array(ZOverviewDaySchema),
  currency: z.string(),
  paidToFirstPortrait: ZDurationSchema,
  paidToCompleted: ZDurationSchema,
  /** Orders that finished generation in the 30 days: how many failed of how many. */
  finished: z.number().int(),
  failed: z.number().int(),
  refunds: z.object({ count: z.number().int(), cents: z.number().int() }),
  betaSeats: z.object({ used: z.number().int(), total: z.number().int() }),
  // Referrals: friends joined, credits pending and usable now, credits used this month (UTC), friends' discount given.
  referrals: z.object({
    joined: z.number().int(),
    pendingCents: z.number().int(),
    availableCents: z.number().int(),
    usedThisMonthCents: z.number().int(),
    discountCents: z.number().int(),
  }),
  /** The last daily sweep of the file store: when, and how many order folders it found without an order (and deleted). */
  fileSweep: z.object({ at: z.string(), orphans: z.number().int() }).nullable(),
  queue: z.object({ waiting: z.number().int(), running: z.number().int(), failed: z.number().int() }),
  /** The likeness check per UTC day of the 30 (days with images only, oldest first). */
  likeness: z.array(ZLikenessFiguresSchema.extend({ day: z.string() })),
  /** Gift cards, all time: sold (paid), redeemed, refunded, and the value paid and not yet used for an order. */
  giftCards: z.object({ sold: z.number().int(), redeemed: z.number().int(), refunded: z.number().int(), outstandingCents: z.number().int() }),
});
export type OperatorOverview = z.infer<typeof ZOverviewResponseSchema>;

// ---- Orders ---------------------------------------------------------------------------------------

export const ZSearchOrdersRequestSchema = z.strictObject({
  /** An order id, its first 8 characters or any start of it; or a customer's email, or its start. */
  query: z.string().trim().max(200, 'is too long').optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Created on or after this UTC day, and on or before `to`. */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(200, 'is too long').optional(),
  limit: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be 100 or less').optional(),
});

export const ZOperatorOrderRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  email: z.string(),
  packageId: z.string(),
  categoryId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  imageGenerated: z.number().int(),
  imageTotal: z.number().int(),
  expired: z.boolean(),
});
export type OperatorOrderRow = z.infer<typeof ZOperatorOrderRowSchema>;

export const ZSearchOrdersResponseSchema = z.object({ orders: z.array(ZOperatorOrderRowSchema), nextCursor: z.string().nullable() });

export const ZOperatorOrderRequestSchema = z.strictObject({ orderId: ZOrderIdSchema });

/** `refunded`: the whole payment went back, and the order is refunded; `partRefunded`: part of it did (a goodwill refund), and the order is as it was. */
export const TIMELINE_EVENTS = ['created', 'paid', 'generationStarted', 'progress', 'completed', 'failed', 'refunded', 'partRefunded', 'purged'] as const;
export const ZTimelineEventSchema = z.object({
  event: z.enum(TIMELINE_EVENTS),
  at: z.string(),
  /** `progress`: the tenth reached (10…100). */
  percent: z.number().int().optional(),
  /** `failed`: the reason. */
  detail: z.string().optional(),
  /** `refunded`, `partRefunded`: the amount refunded, in the order's currency. */
  amountCents: z.number().int().optional(),
});

export const ZAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  outcome: z.enum(['started', 'done']),
  orderId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof ZAuditEntrySchema>;

/** Why an order action is not offered: not failed, not delivered, not paid, free, refunded, portraits deleted, nothing left to generate from. */
export const ORDER_ACTION_BLOCKS = ['notFailed', 'notCompleted', 'notDelivered', 'notPaid', 'free', 'refunded', 'purged', 'nothingLeft'] as const;
const ZOrderActionBlock = z.enum(ORDER_ACTION_BLOCKS);
export type OrderActionBlock = (typeof ORDER_ACTION_BLOCKS)[number];

export const ZOperatorOrderResponseSchema = z.object({
  order: ZOperatorOrderRowSchema.extend({
    userId: z.string(),
    /** The wizard's answers; null once purged. */
    answers: z.record(z.string(), z.unknown()).nullable(),
    refreshOf: z.string().nullable(),
    isBeta: z.boolean(),
    couponCode: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** The generator's reference (Astria: the tune id, then its prompts' ids). */
    providerRef: z.string().nullable(),
    generator: z.string(),
    retries: z.number().int(),
    /** When the retention purge takes the order (null once purged, or while it is not delivered). */
    purgeAt: z.string().nullable(),
    /** When its portraits, files and answers were deleted (the retention purge, or a refund that revoked them); null while kept. */
    purgedAt: z.string().nullable(),
  }),
  timeline: z.array(ZTimelineEventSchema),
  payment: z
    .object({
      provider: z.string(),
      paidAt: z.string(),
      priceCents: z.number().int(),
      discountCents: z.number().int(),
      amountCents: z.number().int(),
      currency: z.string(),
      couponCode: z.string().nullable(),
      cardLast4: z.string().nullable(),
      reference: z.string(),
      refundId: z.string().nullable(),
      refundedCents: z.number().int(),
      refundedAt: z.string().nullable(),
    })
    .nullable(),
  /** The likeness check's figures for this order, and its free replacements; null for an order made without the check. */
  likeness: ZLikenessFiguresSchema.extend({
    promised: z.number().int(),
    replacementsIncluded: z.number().int(),
    replacementsUsed: z.number().int(),
  }).nullable(),
  /** Portrait numbers whose thumbnails the console may show (`GET /v1/operator/orders/{id}/thumbs/{no}`). */
  portraits: z.array(z.number().int()),
  mails: z.array(z.object({ kind: z.enum(['confirmed', 'ready', 'failed', 'refunded']), at: z.string(), sent: z.boolean() })),
  audit: z.array(ZAuditEntrySchema),
  /** What the console offers now; each is checked again when asked for. */
  actions: z.object({ retry: z.boolean(), refund: z.boolean(), resendReady: z.boolean(), extendRetention: z.boolean() }),
  /** Why each action not offered is not (the page says it beside the button); null for those offered. */
  blocked: z.object({
    retry: ZOrderActionBlock.nullable(),
    refund: ZOrderActionBlock.nullable(),
    resendReady: ZOrderActionBlock.nullable(),
    extendRetention: ZOrderActionBlock.nullable(),
  }),
});
export type OperatorOrder = z.infer<typeof ZOperatorOrderResponseSchema>;

// ---- Actions --------------------------------------------------------------------------------------

export const ZOrderActionRequestSchema = z.strictObject({ orderId: ZOrderIdSchema, requestId: ZRequestId });
export const ZOperatorRefundRequestSchema = z.strictObject({
  orderId: ZOrderIdSchema,
  requestId: ZRequestId,
  amountCents: z.number({ message: 'must be a number' }).int('must be a whole number of cents').min(1, 'must be at least 1 cent'),
  /**
   * A refund of the whole payment must say what becomes of the portraits: deleted now (true), or kept until
   * the retention purge (false). A part refund (a goodwill refund) keeps them: false or left out.
   */
  revokePortraits: z.boolean({ message: 'must be true or false' }).optional(),
  /** Mail the customer about the refund (the default). */
  mailCustomer: z.boolean({ message: 'must be true or false' }).default(true),
  /** The operator's note to the customer, shown in the mail. */
  note: z.string({ message: 'must be text' }).trim().max(LIMITS.refundNoteMax, `must be at most ${LIMITS.refundNoteMax} characters`).optional(),
});
export type OperatorRefundRequest = z.infer<typeof ZOperatorRefundRequestSchema>;
export const ZDeleteCustomerRequestSchema = z.strictObject({ email: ZEmail, requestId: ZRequestId });
/** Frees the beta seat of the person with this address (an account's, or one deleted since). */
export const ZFreeBetaSeatRequestSchema = z.strictObject({ email: ZEmail, requestId: ZRequestId });
/** `POST /v1/operator/teams/setOwner`: names the owner of a team that has none (an account running no other team). */
export const ZSetTeamOwnerRequestSchema = z.strictObject({
  teamId: z.string({ message: 'must be text' }).min(1, 'is required').max(100, 'is too long'),
  email: ZEmail,
  requestId: ZRequestId,
});
/** `POST /v1/operator/teams/grantRetry`: gives a member the team's free retry after any delivery or failure. */
export const ZGrantTeamRetryRequestSchema = z.strictObject({
  teamId: z.string({ message: 'must be text' }).min(1, 'is required').max(100, 'is too long'),
  memberId: z.string({ message: 'must be text' }).min(1, 'is required').max(100, 'is too long'),
  requestId: ZRequestId,
});
export const ZSetBetaSeatsRequestSchema = z.strictObject({
  seats: z.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(100_000, 'must be 100000 or less'),
  requestId: ZRequestId,
});
/** What an action did, as its audit entry records it. */
export const ZActionResponseSchema = ZAuditEntrySchema;

// ---- Customers and the audit log -------------------------------------------------------------------

export const ZOperatorCustomerRequestSchema = z.strictObject({ email: ZEmail });
export const ZOperatorCustomerResponseSchema = z.object({
  id: z.string(),
  email: z.string(),
  nickName: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The latest request any of the customer's sessions made. */
  lastSeenAt: z.string().nullable(),
  /** `email` (a login link works for every account), then each linked provider. */
  signInMethods: z.array(z.enum(['email', 'google', 'microsoft'])),
  /** The account's language, which its mails and receipts follow. */
  language: ZLanguageCodeSchema,
  orders: z.array(ZOperatorOrderRowSchema),
  payments: z.array(
    z.object({
      orderId: z.string().nullable(),
      paidAt: z.string(),
      packageId: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      refundedCents: z.number().int(),
    }),
  ),
});
export type OperatorCustomer = z.infer<typeof ZOperatorCustomerResponseSchema>;

export const ZAuditRequestSchema = z.strictObject({
  cursor: z.string().max(200, 'is too long').optional(),
  limit: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be 100 or less').optional(),
});
export const ZAuditResponseSchema = z.object({ entries: z.array(ZAuditEntrySchema), nextCursor: z.string().nullable() });
