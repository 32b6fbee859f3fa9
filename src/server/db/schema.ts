import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One photo's verdict in the selfie check, as kept with its order (measurements, never the photo). */
export interface StoredPhotoCheck {
  no: number;
  verdict: 'accepted' | 'warning' | 'refused';
  reasons: string[];
  faceWidth?: number;
  sharpness?: number;
  brightness?: number;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A customer. Email is stored lower-cased; it is the identity every sign-in method resolves to. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull().unique(),
    nickName: text('nick_name').notNull(),
    avatarUrl: text('avatar_url'),
    stripeCustomerId: text('stripe_customer_id'),
    /** The Stripe mode (test or live keys) the customer record was made in; another mode makes its own. */
    stripeCustomerMode: text('stripe_customer_mode', { enum: ['test', 'live'] }),
    /** The account's language (a registered code): its mails, receipts and every device's dashboard follow it. */
    language: text('language').notNull().default('us'),
    createdAt: createdAt(),
    lastSignInAt: ts('last_sign_in_at'),
  },
  // The console finds customers by the start of their email.
  (t) => [index('users_email_prefix').using('btree', sql`${t.email} text_pattern_ops`)],
);

/** A Google or Microsoft account linked to a user (OpenID Connect issuer + subject). */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_identities_provider_subject').on(t.provider, t.subject), index('oauth_identities_user').on(t.userId)],
);

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt)],
);

/** An emailed single-use sign-in link. Only the hash of its token is stored. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    redirectUrl: text('redirect_url'),
    /** The language of the page the link was asked from: a new account starts in it. */
    language: text('language'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('login_tokens_email').on(t.email), index('login_tokens_expires').on(t.expiresAt)],
);

/** Sliding-window counters shared by every web process (login-link throttling and the like). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/**
 * A portrait order. `portraitInfo` holds the category (type), package and wizard answers; it is
 * cleared by the retention purge, while the bookkeeping columns stay.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'processing', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    categoryId: text('category_id').notNull(),
    packageId: text('package_id').notNull(),
    portraitInfo: jsonb('portrait_info').$type<Record<string, unknown>>(),
    /** The selfie check of the photos the order was placed with: the evidence that they met our standards. */
    photoCheck: jsonb('photo_check').$type<StoredPhotoCheck[]>(),
    comment: text('comment').notNull().default(''),
    progress: integer('progress').notNull().default(0),
    imageGenerated: integer('image_generated').notNull().default(0),
    imageTotal: integer('image_total').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    couponCode: text('coupon_code'),
    /** Referrals: the parts of `discountCents` that were the friend's welcome discount and the referrer's credits. */
    referralDiscountCents: integer('referral_discount_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    isBeta: boolean('is_beta').notNull().default(false),
    checkoutSessionId: text('checkout_session_id').unique(),
    paidAt: ts('paid_at'),
    generationStartedAt: ts('generation_started_at'),
    completedAt: ts('completed_at'),
    failedAt: ts('failed_at'),
    failureReason: text('failure_reason'),
    providerRef: text('provider_ref'),
    /** Which worker is generating this order, and when it last proved it is alive (a lease). */
    generationOwner: text('generation_owner'),
    generationHeartbeatAt: ts('generation_heartbeat_at'),
    callbackSecretHash: text('callback_secret_hash'),
    purgedAt: ts('purged_at'),
    /** The delivered order this one refreshes (20 new portraits of the same person), if it is a refresh. */
    refreshOf: uuid('refresh_of').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    /** When what a refresh needs of the person was kept (the offline generator's crops). */
    likenessKeptAt: ts('likeness_kept_at'),
    /** A refund the customer asked for and we started; `refundedAt` once the provider refunded and we recorded it. */
    refundStartedAt: ts('refund_started_at'),
    /** The amount of a started refund when it is not the whole payment (an operator's refund). */
    refundCents: integer('refund_cents'),
    refundedAt: ts('refunded_at'),
    /** When the first portrait was stored, and when generation passed each tenth (`{ "10": iso, … }`). */
    firstPortraitAt: ts('first_portrait_at'),
    progressMarks: jsonb('progress_marks').$type<Record<string, string>>(),
    /** Generation steps have been failing since then (storage or provider errors), with the last error; cleared by a step that works. */
    generationFailingSince: ts('generation_failing_since'),
    lastGenerationError: text('last_generation_error'),
    /** How many times an operator retried the order's failed generation. */
    retries: integer('retries').notNull().default(0),
    /**
     * The images asked of the generator in each round (the promise plus the likeness check's margin, then
     * any extra round when too few passed); null before generation starts, and for orders made without
     * the check, which deliver the images as they come.
     */
    imageRounds: jsonb('image_rounds').$type<number[]>(),
    /** An operator kept the order past its 30 days: the purge waits until then. */
    keepUntil: ts('keep_until'),
    /**
     * The order is being deleted (by its customer, the account's deletion or the checkout's end): from
     * this moment nothing is written for it, and a running generation stops before its next portrait.
     */
    deletingAt: ts('deleting_at'),
    /** A team member's order: the team that pays for it, and the invitation it was placed through. */
    teamId: uuid('team_id'),
    teamInvitationId: uuid('team_invitation_id'),
    /** The member's order used a seat (false: the admin's free retry); a seat order that fails for good gives it back. */
    teamSeat: boolean('team_seat').notNull().default(false),
    /** Gift cards: the card that paid for this order (amount 0); an order that fails for good gives the card back. */
    giftCardId: uuid('gift_card_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_team_invitation').on(t.teamInvitationId, t.createdAt),
    index('orders_user_created').on(t.userId, t.createdAt),
    index('orders_status').on(t.status),
    index('orders_completed').on(t.completedAt),
    // The console's order search: newest first by keyset, by status, and by the id's first characters.
    index('orders_created_id').on(t.createdAt, t.id),
    index('orders_status_created_id').on(t.status, t.createdAt, t.id),
    index('orders_id_prefix').using('btree', sql`(${t.id}::text) text_pattern_ops`),
  ],
);

/**
 * What a person is entitled to once, kept apart from orders and accounts so that deleting either does
 * not give it back: a beta seat (held from checkout to payment, then used) and the first paid order
 * (which FIRST30 discounts). `identity` is a keyed hash of the normalised email address, so the same
 * person signing up again is recognised without the address being kept after the account is deleted.
 * An entry is `released` when its checkout ends unpaid or an operator frees it; a released entry no
 * longer counts, and the unique index lets one active entry of a kind exist per person.
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: ['betaSeat', 'firstOrder'] }).notNull(),
    identity: text('identity').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order that holds or used it; a plain id, kept after the order is deleted. */
    orderId: uuid('order_id'),
    state: text('state', { enum: ['held', 'used', 'released'] }).notNull(),
    /** A held entry counts until then (the checkout session's hour). */
    heldUntil: ts('held_until'),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
    releasedAt: ts('released_at'),
    /** Who released it: `checkout` when its checkout ended unpaid, else the operator's email. */
    releasedBy: text('released_by'),
  },
  (t) => [
    uniqueIndex('entitlements_active').on(t.kind, t.identity).where(sql`${t.state} <> 'released'`),
    index('entitlements_kind_state').on(t.kind, t.state),
    index('entitlements_order').on(t.orderId),
  ],
);

/** An uploaded reference photo; the row goes as soon as generation has consumed the file. */
export const selfies = pgTable(
  'selfies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('selfies_order_no').on(t.orderId, t.no)],
);

/** A generated portrait, numbered from 1 within its order. The unique index makes delivery idempotent. */
export const portraits = pgTable(
  'portraits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** The likeness score (0 to 1) when it was checked; the gallery shows the best first. */
    score: real('score'),
    /** The generator's seed and the attire and backdrop it shows (`attire|background`): a replacement keeps the look, not the seed. */
    seed: bigint('seed', { mode: 'number' }),
    look: text('look'),
    /** How many times the customer replaced it: the image's address changes with it. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('portraits_order_no').on(t.orderId, t.no)],
);

/**
 * Every image the generator made for an order, with what the likeness check found: the best that pass
 * become the order's portraits (`deliveredAs`). The image file goes once the order is delivered; the row
 * stays as the console's evidence (score, reasons), and goes with the order.
 */
export const candidates = pgTable(
  'candidates',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The image's number within the order's rounds (1..sum of `orders.image_rounds`). */
    no: integer('no').notNull(),
    storageKey: text('storage_key'),
    look: text('look'),
    seed: bigint('seed', { mode: 'number' }),
    score: real('score'),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /** The portrait number it was delivered as; null when it was not chosen. */
    deliveredAs: integer('delivered_as'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.no] }), index('candidates_created').on(t.createdAt)],
);

/**
 * The customer's face as the likeness check compares it: the descriptors of the accepted selfies
 * (biometric data). Never sent to the browser or another system, never logged; deleted with the selfies,
 * or, while a replacement or a refresh may still need it, with the kept likeness (purge, order or account
 * deletion).
 */
export const likenessReferences = pgTable('likeness_references', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  descriptors: jsonb('descriptors').$type<number[][]>().notNull(),
  createdAt: createdAt(),
});

/** A customer's free replacement of one delivered portrait: a new one from the same choices, another seed. */
export const replacements = pgTable(
  'replacements',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    /** Images made for it so far (each checked; one that fails the check is made again, up to a bound). */
    attempts: integer('attempts').notNull().default(0),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    /** The provider's state between steps (Astria: the prompt's id). */
    providerState: text('provider_state'),
    score: real('score'),
    reason: text('reason'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('replacements_order').on(t.orderId),
    // One replacement of a portrait at a time.
    uniqueIndex('replacements_pending').on(t.orderId, t.no).where(sql`${t.status} = 'pending'`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.no] })],
);

/** Every download is recorded: a downloaded portrait ends refund eligibility (refund policy). */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    via: text('via', { enum: ['single', 'zip'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('downloads_order').on(t.orderId)],
);

/**
 * A payment, kept for bookkeeping. When a customer deletes their account the row is detached
 * (user and order ids set to null) and keeps only what accounting law requires.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['offline', 'stripe'] }).notNull(),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    paymentIntentId: text('payment_intent_id'),
    packageId: text('package_id').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    couponCode: text('coupon_code'),
    /** Referrals: the parts of `discountCents` that were the friend's welcome discount and referral credits (for the receipt). */
    referralDiscountCents: integer('referral_discount_cents').notNull().default(0),
    creditCents: integer('credit_cents').notNull().default(0),
    cardLast4: text('card_last4'),
    receiptUrl: text('receipt_url'),
    /** The provider's refund of this payment, in full (the refund policy refunds whole orders). */
    refundId: text('refund_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: ts('refunded_at'),
    /** A team's seat purchase this payment is (its receipt); null for an order's payment. */
    seatPurchaseId: uuid('seat_purchase_id'),
    /** Gift cards: the gift card this payment bought (its receipt); null otherwise. */
    giftCardId: uuid('gift_card_id'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_created').on(t.userId, t.createdAt)],
);

/** Provider events already handled (webhooks, callbacks): a replay is recognised and ignored. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  createdAt: createdAt(),
});

/** Small operational facts shared by every process, such as the job queue's last heartbeat. */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A sign-in with Google or Microsoft in progress, keyed by the hash of its `state`. The browser holds
 * the state in a cookie, so a callback only completes in the browser that started it.
 */
export const oauthFlows = pgTable('oauth_flows', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUrl: text('redirect_url'),
  /** The language of the page the sign-in started on: an account the flow creates starts in it. */
  language: text('language'),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * The offline payment provider's checkout sessions: the test-mode stand-in for Stripe Checkout.
 * Only the hash of the client secret is stored.
 */
export const offlineCheckoutSessions = pgTable('offline_checkout_sessions', {
  id: text('id').primaryKey(),
  /** The order it pays, or (`purchaseId`) a team's seat purchase. */
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  purchaseId: uuid('purchase_id'),
  /** Gift cards: the gift card it pays, when it pays one. */
  giftCardId: uuid('gift_card_id'),
  clientSecretHash: text('client_secret_hash').notNull().unique(),
  priceCents: integer('price_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  couponCode: text('coupon_code'),
  status: text('status', { enum: ['open', 'paid', 'expired'] })
    .notNull()
    .default('open'),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  /** The test-mode refund of this session's payment: one at most. */
  refundId: text('refund_id'),
  refundedAt: ts('refunded_at'),
});

/** A mail about an order that went out (or was attempted): the console's record of what the customer was told. */
export const orderMails = pgTable(
  'order_mails',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirmed', 'ready', 'failed', 'refunded'] }).notNull(),
    sent: boolean('sent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_mails_order').on(t.orderId, t.createdAt)],
);

/**
 * Every operator action: who, when, what, on which order or customer. Ids and the email are copied, not
 * referenced, so the entry outlives a deleted order or account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The confirmation that asked for the action: the same confirmation sent twice is carried out once. */
    requestId: uuid('request_id').notNull().unique(),
    actorEmail: text('actor_email').notNull(),
    action: text('action', {
      enum: [
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
      ],
    }).notNull(),
    orderId: uuid('order_id'),
    customerEmail: text('customer_email'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** `started` while it is carried out, `done` once it was. A refused action leaves no entry. */
    outcome: text('outcome', { enum: ['started', 'done'] })
      .notNull()
      .default('started'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_order').on(t.orderId)],
);

/**
 * A company buying portraits for its people. The team outlives its owner's account: its purchases are
 * money records (docs/decisions.md, "Teams").
 */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  /** The category and choices members may pick (`TeamBrand`); null: members choose anything. */
  brand: jsonb('brand').$type<{ category: string; attire: string[]; background: string[]; fixed: boolean }>(),
  createdAt: createdAt(),
});

/** Who runs a team: one owner and any admins. An account runs one team at most. */
export const teamAdmins = pgTable(
  'team_admins',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), uniqueIndex('team_admins_user').on(t.userId)],
);

/**
 * The owner's invitation to help run the team: nothing of the team reaches the invited address's account
 * until its holder accepts (then a `team_admins` row is added). It ends accepted, declined or withdrawn by
 * the owner; ended rows stay a day at least, so the same address is not mailed twice a day.
 */
export const teamAdminInvitations = pgTable(
  'team_admin_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The canonical address it was sent to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedAt: ts('invited_at').notNull(),
    endedAt: ts('ended_at'),
    outcome: text('outcome', { enum: ['accepted', 'declined', 'withdrawn'] }),
  },
  (t) => [
    index('team_admin_invitations_team').on(t.teamId, t.invitedAt),
    uniqueIndex('team_admin_invitations_open').on(t.teamId, t.email).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Seats bought for a team: money, kept whatever happens to the buyer's account (the buyer is set null).
 * Free seats = seats paid − seats refunded − seats held by members (`team_invitations.seat`).
 */
export const seatPurchases = pgTable(
  'seat_purchases',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    packageId: text('package_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['offline', 'stripe'] }).notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    cardLast4: text('card_last4'),
    receiptUrl: text('receipt_url'),
    status: text('status', { enum: ['open', 'paid', 'expired'] })
      .notNull()
      .default('open'),
    paidAt: ts('paid_at'),
    refundedSeats: integer('refunded_seats').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: ts('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [index('seat_purchases_team').on(t.teamId, t.createdAt), index('seat_purchases_open').on(t.status, t.createdAt)],
);

/** A shareable invitation link: only the hash of its token is stored. */
export const teamLinks = pgTable(
  'team_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    domain: text('domain'),
    cap: integer('cap').notNull(),
    used: integer('used').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('team_links_team').on(t.teamId)],
);

/**
 * One person of a team: an invitation by address (or a join through a link), and what became of it.
 * `seat`: `none`, `held` (joined, a seat kept for them), `used` (their order took it). A seat order
 * that fails for good sets it back to `none`.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').unique(),
    language: text('language').notNull().default('us'),
    linkId: uuid('link_id').references(() => teamLinks.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    seat: text('seat', { enum: ['none', 'held', 'used'] })
      .notNull()
      .default('none'),
    invitedAt: ts('invited_at').notNull(),
    joinedAt: ts('joined_at'),
    revokedAt: ts('revoked_at'),
    /** The member's seat order was placed (their one seat is spent, whatever became of the order). */
    orderedAt: ts('ordered_at'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastMailedAt: ts('last_mailed_at'),
    retryGrantedAt: ts('retry_granted_at'),
    retryUsedAt: ts('retry_used_at'),
  },
  (t) => [
    index('team_invitations_team').on(t.teamId, t.invitedAt),
    // One live invitation per address in a team; one live membership per account.
    uniqueIndex('team_invitations_email').on(t.teamId, t.email).where(sql`${t.revokedAt} is null`),
    uniqueIndex('team_invitations_user').on(t.userId).where(sql`${t.revokedAt} is null and ${t.userId} is not null`),
  ],
);

// ─── Referrals ──────────────────────────────────────────────────────────────────────────────────

/** A customer's personal referral link (`/r/<code>`), made the first time they open the Referrals page. */
export const referralCodes = pgTable('referral_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A newcomer who signed up by a customer's link. Money: it outlives both accounts (the ids are set null,
 * the identities stay), and `friendIdentity` is unique, so a person is referred once, ever. `state`:
 * `joined` (no paid order yet), `ordered` (the friend's first order is paid: the referrer's credit is
 * pending), `refunded` (that order was refunded within the window: no credit), `capped` (the referrer had
 * reached the monthly limit: no credit).
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    referrerIdentity: text('referrer_identity').notNull(),
    friendId: uuid('friend_id').references(() => users.id, { onDelete: 'set null' }),
    friendIdentity: text('friend_identity').notNull().unique(),
    /** The friend's address masked as the referrer's page shows it (`a•••@example.com`); never the whole address. */
    friendMasked: text('friend_masked').notNull(),
    joinedAt: ts('joined_at').notNull(),
    /** The friend's first paid order (a plain id: kept after the order is deleted) and when it was paid. */
    firstOrderId: uuid('first_order_id'),
    paidAt: ts('paid_at'),
    state: text('state', { enum: ['joined', 'ordered', 'credited', 'refunded', 'capped'] })
      .notNull()
      .default('joined'),
  },
  (t) => [index('referrals_referrer').on(t.referrerId, t.joinedAt), index('referrals_first_order').on(t.firstOrderId)],
);

/**
 * What a referrer earned: one credit per friend's paid first order. `pending` until `availableAt` (the
 * friend's refund window), then usable; `held` by a pending order's checkout, `used` when it is paid,
 * `available` again when that checkout ends unpaid or the order is refunded; `void` when the friend's order
 * was refunded in its window or an operator voided it. A deleted referrer's credits go with the account.
 */
export const referralCredits = pgTable(
  'referral_credits',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: uuid('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    state: text('state', { enum: ['pending', 'available', 'held', 'used', 'void'] }).notNull(),
    availableAt: ts('available_at').notNull(),
    /** The order holding or using it (a plain id: kept after the order is deleted). */
    orderId: uuid('order_id'),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
    voidedAt: ts('voided_at'),
    /** Who voided it: `refund` when the friend's order was refunded in its window, else the operator's email. */
    voidedBy: text('voided_by'),
  },
  (t) => [index('referral_credits_user').on(t.userId, t.state, t.availableAt), index('referral_credits_order').on(t.orderId)],
);

// ─── Gift cards ─────────────────────────────────────────────────────────────────────────────────

/**
 * Gift cards: money, kept whatever happens to the buyer's or the redeemer's account (both set null; the
 * identities stay). The code itself is never stored in clear: `code_hash` (an HMAC under an installation
 * key) finds it, `code_sealed` (AES-256-GCM under another) lets the buyer see, print and resend it.
 * `status`: `open` (checkout not paid), `paid`, `expired` (checkout ended unpaid), `refunded`, `void`.
 * Redeemed = `redeemed_at` set; used = `used_at` set.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    codeHash: text('code_hash').notNull().unique(),
    codeSealed: text('code_sealed').notNull(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerIdentity: text('buyer_identity').notNull(),
    /** The name the recipient's mail gives as the sender (the buyer's name or address when bought). */
    buyerName: text('buyer_name').notNull(),
    packageId: text('package_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider', { enum: ['offline', 'stripe'] }).notNull(),
    delivery: text('delivery', { enum: ['mail', 'print'] }).notNull(),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    message: text('message'),
    language: text('language').notNull(),
    sendAt: ts('send_at').notNull(),
    sentAt: ts('sent_at'),
    /** Resends today: at most a few a day (`resend_day` is the UTC day they count for). */
    resendDay: text('resend_day'),
    resends: integer('resends').notNull().default(0),
    status: text('status', { enum: ['open', 'paid', 'expired', 'refunded', 'void'] })
      .notNull()
      .default('open'),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    cardLast4: text('card_last4'),
    receiptUrl: text('receipt_url'),
    paidAt: ts('paid_at'),
    refundId: text('refund_id'),
    refundedAt: ts('refunded_at'),
    voidedAt: ts('voided_at'),
    voidedBy: text('voided_by'),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedIdentity: text('redeemed_identity'),
    redeemedAt: ts('redeemed_at'),
    /**
     * The order the card paid, and when: no foreign key, so deleting that order never gives the card back;
     * only an order that fails for good does (both cleared).
     */
    orderId: uuid('order_id'),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_cards_buyer').on(t.buyerId, t.createdAt),
    index('gift_cards_redeemer').on(t.redeemedBy),
    index('gift_cards_due').on(t.status, t.sendAt).where(sql`${t.sentAt} is null`),
    index('gift_cards_open').on(t.status, t.createdAt),
  ],
);
