import { z } from './zod';
import { ZOperatorCustomerRequestSchema, ZRequestId } from './operator';

/**
 * Referrals: each customer's personal link, the friends who joined by it and the credits they earned
 * (docs/decisions.md, "Referrals"). The amounts come from the catalog (`REFERRAL_PROGRAM`).
 */

/**
 * Where a friend stands, as the referrer's page shows it: `joined` (no paid order yet), `ordered` (paid;
 * the credit is pending until the refund window has passed), `credited` (the credit is the referrer's),
 * `refunded` (the order was refunded in its window: no credit), `capped` (the month's limit was reached).
 */
export const REFERRAL_STATES = ['joined', 'ordered', 'credited', 'refunded', 'capped'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const ZReferralsResponseSchema = z.object({
  /** `${PUBLIC_URL}/r/<code>`. */
  link: z.string(),
  code: z.string(),
  currency: z.string(),
  friendDiscountCents: z.number().int(),
  referrerCreditCents: z.number().int(),
  windowDays: z.number().int(),
  creditsPerMonth: z.number().int(),
  /** Credits made this calendar month (UTC), against `creditsPerMonth`. */
  creditsThisMonth: z.number().int(),
  friends: z.array(z.object({ masked: z.string(), joinedAt: z.string(), state: z.enum(REFERRAL_STATES) })),
  credits: z.object({
    /** Usable now (held on an unpaid checkout counts here too: it comes back if that checkout ends unpaid). */
    availableCents: z.number().int(),
    pending: z.array(z.object({ amountCents: z.number().int(), availableAt: z.string() })),
    usedCents: z.number().int(),
  }),
  /** The customer joined by someone's link: their welcome discount, until their first paid order. */
  welcome: z.object({ discountCents: z.number().int(), open: z.boolean() }).nullable(),
});
export type ReferralsResponse = z.infer<typeof ZReferralsResponseSchema>;

// ─── Operator ───────────────────────────────────────────────────────────────────────────────────

/** A customer by their address, as the console's customer page finds them. */
export const ZOperatorReferralsRequestSchema = ZOperatorCustomerRequestSchema;

const ZOperatorReferral = z.object({
  id: z.string(),
  role: z.enum(['referrer', 'friend']),
  /** The other person, masked (or "deleted account"). */
  other: z.string(),
  joinedAt: z.string(),
  state: z.enum(REFERRAL_STATES),
  firstOrderId: z.string().nullable(),
});

export const ZOperatorReferralsResponseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  code: z.string().nullable(),
  referrals: z.array(ZOperatorReferral),
  credits: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      state: z.enum(['pending', 'available', 'held', 'used', 'void']),
      availableAt: z.string(),
      orderId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type OperatorReferrals = z.infer<typeof ZOperatorReferralsResponseSchema>;

export const ZVoidCreditRequestSchema = z.strictObject({
  creditId: z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is too long'),
  requestId: ZRequestId,
});
