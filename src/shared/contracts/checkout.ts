import { z } from './zod';
import { CATEGORY_IDS, findCategory } from '../catalog/categories';
import { PACKAGES } from '../catalog/packages';
import { ORDER_STATUSES } from './orders';
import { AGES, BODY_TYPES, GENDERS, GLASSES, HAIR_COLORS, HAIR_LENGTHS, SKIN_COLORS } from '../catalog/wizard';

const packageIds = PACKAGES.map((p) => p.id) as [string, ...string[]];

/**
 * What the wizard answers, as sent in `options.portraitInfo`. Every answer must be one the wizard offers
 * for that category and gender; `name` is the category's name (the server records its own copy).
 */
export const ZPortraitInfoSchema = z
  .strictObject({
    name: z.string().max(100).optional(),
    type: z.enum(CATEGORY_IDS, { message: 'is not a known portrait category' }),
    package: z.enum(packageIds, { message: 'is not a known package' }),
    gender: z.enum(GENDERS),
    age: z.enum(AGES),
    skinColor: z.enum(SKIN_COLORS),
    hairColor: z.enum(HAIR_COLORS),
    hairLength: z.string().min(1, 'is required'),
    bodyType: z.string().min(1, 'is required'),
    attire: z.array(z.string().max(60)).min(1, 'needs at least one choice').max(20),
    background: z.array(z.string().max(60)).min(1, 'needs at least one choice').max(20),
    glass: z.enum(GLASSES),
  })
  .superRefine((info, ctx) => {
    const category = findCategory(info.type)!;
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!HAIR_LENGTHS[info.gender].includes(info.hairLength)) fail('hairLength', `is not offered for ${info.gender}`);
    if (!BODY_TYPES[info.gender].includes(info.bodyType)) fail('bodyType', `is not offered for ${info.gender}`);
    const attires = new Set(category.attires[info.gender].map((a) => a.id));
    const badAttire = info.attire.find((a) => !attires.has(a));
    if (badAttire) fail('attire', `"${badAttire}" is not offered for ${category.name} (${info.gender})`);
    if (new Set(info.attire).size !== info.attire.length) fail('attire', 'lists a choice twice');
    const backdrops = new Set(category.backdrops.map((b) => b.id));
    const badBackdrop = info.background.find((b) => !backdrops.has(b));
    if (badBackdrop) fail('background', `"${badBackdrop}" is not offered for ${category.name}`);
    if (new Set(info.background).size !== info.background.length) fail('background', 'lists a choice twice');
  });
export type PortraitInfo = z.infer<typeof ZPortraitInfoSchema>;

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
  orderId: z.string(),
  packageId: z.string(),
  priceCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  couponCode: z.string().nullable(),
  isBeta: z.boolean(),
  status: z.enum(['open', 'paid', 'expired']),
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
