import { z } from './zod';
import { CATEGORY_IDS, findCategory, type Category } from '../catalog/categories';
import { PACKAGES } from '../catalog/packages';
import { ORDER_STATUSES } from '../orders';
import {
  CHOICE_STEPS,
  offeredOptions,
  type ChoiceAnswers,
  type Gender,
  type MultiChoiceStep,
  type MultiStepSpec,
  type OptionInput,
  type SingleChoiceStep,
  type SingleStepSpec,
} from '../catalog/wizard';

const packageIds = PACKAGES.map((p) => p.id) as [string, ...string[]];

/** A fixed list is checked on its own; a list that varies is checked against the category and gender in superRefine. */
function answerSchema(step: SingleStepSpec | MultiStepSpec): z.ZodType {
  if (step.kind === 'multi') {
    const choice = step.dependsOn ? z.string().max(60) : z.enum(step.options);
    return z.array(choice).min(1, 'needs at least one choice').max(20);
  }
  return step.dependsOn ? z.string().min(1, 'is required') : z.enum(step.options);
}

const answerShape = Object.fromEntries(CHOICE_STEPS.map((step) => [step.id, answerSchema(step)])) as {
  [K in keyof ChoiceAnswers]: z.ZodType<ChoiceAnswers[K]>;
};

/** What a refused answer is not offered for: "woman", "Doctor Photos" or "Doctor Photos (woman)". */
function offeredFor(dependsOn: readonly OptionInput[], category: Category, gender: Gender): string {
  if (!dependsOn.includes('category')) return gender;
  return dependsOn.includes('gender') ? `${category.name} (${gender})` : category.name;
}

/**
 * What the wizard answers, as sent in `options.portraitInfo`. Every answer must be one the wizard offers
 * for that category and gender; `name` is the category's name (the server records its own copy).
 */
export const ZPortraitInfoSchema = z
  .strictObject({
    name: z.string().max(100).optional(),
    type: z.enum(CATEGORY_IDS, { message: 'is not a known portrait category' }),
    package: z.enum(packageIds, { message: 'is not a known package' }),
    ...answerShape,
  })
  .superRefine((info, ctx) => {
    const category = findCategory(info.type);
    // The enum above already refused an unknown category; nothing to check against without one.
    if (!category) return;
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const step of CHOICE_STEPS) {
      if (!step.dependsOn) continue;
      const offered = new Set(offeredOptions(step, category, info.gender));
      const offeredTo = offeredFor(step.dependsOn, category, info.gender);
      const answer = info[step.id];
      if (typeof answer === 'string') {
        if (!offered.has(answer)) fail(step.id, `is not offered for ${offeredTo}`);
        continue;
      }
      const bad = answer.find((id) => !offered.has(id));
      if (bad) fail(step.id, `"${bad}" is not offered for ${offeredTo}`);
      if (new Set(answer).size !== answer.length) fail(step.id, 'lists a choice twice');
    }
  });
export type PortraitInfo = z.infer<typeof ZPortraitInfoSchema>;

/**
 * An order's answers as stored: what the checkout accepted then. An order placed before a wizard step
 * existed has no answer for it, and one whose option was since retired keeps its old word, so every
 * answer is optional and any text; readers of stored orders parse with this, never assume today's
 * wizard. A stored value of the wrong shape reads as missing.
 */
export const ZStoredPortraitInfoSchema = z.object({
  type: z.string().catch(''),
  package: z.string().catch(''),
  name: z.string().optional().catch(undefined),
  ...(Object.fromEntries(
    CHOICE_STEPS.map((step) => [step.id, step.kind === 'multi' ? z.array(z.string()).optional().catch(undefined) : z.string().optional().catch(undefined)]),
  ) as Record<string, z.ZodType>),
});
/** Any text for a single answer (an option may have been retired since), a list of texts for a multiple one. */
export type StoredPortraitInfo = { type: string; package: string; name?: string } & { [K in SingleChoiceStep]?: string } & {
  [K in MultiChoiceStep]?: string[];
};

/** Stored answers (a `jsonb` column) as the type says they may be: an order may lack any answer. */
export function parseStoredPortraitInfo(stored: unknown): StoredPortraitInfo {
  return ZStoredPortraitInfoSchema.parse(stored ?? {}) as StoredPortraitInfo;
}

/** The `options` field of the checkout form, a JSON string. */
export const ZCheckoutOptionsSchema = z.strictObject({ portraitInfo: ZPortraitInfoSchema });

export const ZCheckoutCreateResponseSchema = z.object({
  orderId: z.string(),
  /** The payment session; the return page names it when it asks the server to check the payment. */
  sessionId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(['offline', 'stripe']),
  /** Stripe's publishable key when the provider is Stripe. */
  publishableKey: z.string().nullable(),
});
export type CheckoutCreateResponse = z.infer<typeof ZCheckoutCreateResponseSchema>;

/** The offline checkout's calls: the summary, a coupon preview, and the payment. */
export const ZOfflineSessionRequestSchema = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  couponCode: z.string().trim().max(40).optional(),
});

export const ZOfflineSessionResponseSchema = z.object({
  /** The order the session pays; empty when it pays a team's seats (`purchaseId`). */
  orderId: z.string(),
  /** A team's seat purchase the session pays, with its seats; absent for an order. */
  purchaseId: z.string().optional(),
  quantity: z.number().int().optional(),
  /** Gift cards: the gift card the session pays; absent otherwise. */
  giftCardId: z.string().optional(),
  packageId: z.string(),
  /** The order's category, so the summary repeats what is being bought. */
  categoryId: z.string(),
  priceCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  couponCode: z.string().nullable(),
  isBeta: z.boolean(),
  status: z.enum(['open', 'paid', 'expired']),
  // Referrals: the parts of `discountCents` that are the friend's welcome discount and referral credits, and
  // which of the friend's discount and a typed FIRST30 applies when both could.
  referralDiscountCents: z.number().int().optional(),
  creditCents: z.number().int().optional(),
  discountNote: z.enum(['friendBetter', 'first30Better', 'friendGone']).nullable().optional(),
});
export type OfflineSession = z.infer<typeof ZOfflineSessionResponseSchema>;

/**
 * Asks the server to read a checkout session back from the payment provider at once, instead of waiting
 * for the webhook: the dashboard sends it when the payment form reports completion or the payment page
 * returns to My Orders with `session_id`.
 */
export const ZConfirmCheckoutRequestSchema = z.strictObject({
  sessionId: z.string({ message: 'is required' }).min(1, 'is required').max(200, 'is too long'),
});

export const ZConfirmCheckoutResponseSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type ConfirmCheckoutResponse = z.infer<typeof ZConfirmCheckoutResponseSchema>;
