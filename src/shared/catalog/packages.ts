/**
 * The packages on sale. Prices are integer cents in USD; the server computes every
 * amount from this list and never trusts a price from the browser. Display texts live in the locales
 * under `packages.{id}`; `features` are locale keys too.
 */
export interface PortraitPackage {
  id: 'beta' | 'basic' | 'pro' | 'executive' | 'refresh';
  /** The price shown on the card; what an order costs follows from it (`packageCharge`). */
  priceCents: number;
  currency: 'usd';
  portraits: 20 | 40 | 60 | 100;
  poses: number | null;
  combinations: number | null;
  deliveryHours: number;
  responseHours: number | null;
  /** Executive portraits are 2x size (1664x2432). */
  largeImages: boolean;
  /** Portraits the customer may have made again for free, one at a time, from the viewer (a tenth of them). */
  freeReplacements: number;
  popular: boolean;
  bestValue: boolean;
  features: string[];
}

export const PACKAGES: readonly PortraitPackage[] = [
  {
    id: 'beta',
    priceCents: 2500,
    currency: 'usd',
    portraits: 20,
    poses: null,
    combinations: null,
    deliveryHours: 4,
    responseHours: null,
    freeReplacements: 2,
    largeImages: false,
    popular: false,
    bestValue: false,
    features: ['portraits', 'randomPoses', 'delivery'],
  },
  {
    id: 'basic',
    priceCents: 3500,
    currency: 'usd',
    portraits: 40,
    poses: 5,
    combinations: 5,
    deliveryHours: 2,
    responseHours: 48,
    freeReplacements: 4,
    largeImages: false,
    popular: false,
    bestValue: false,
    features: ['portraits', 'poses', 'combinations', 'delivery', 'response'],
  },
  {
    id: 'pro',
    priceCents: 4500,
    currency: 'usd',
    portraits: 60,
    poses: 20,
    combinations: 10,
    deliveryHours: 1,
    responseHours: 24,
    freeReplacements: 6,
    largeImages: false,
    popular: true,
    bestValue: false,
    features: ['portraits', 'poses', 'combinations', 'delivery', 'response'],
  },
  {
    id: 'executive',
    priceCents: 7500,
    currency: 'usd',
    portraits: 100,
    poses: 40,
    combinations: 40,
    deliveryHours: 1,
    responseHours: 4,
    freeReplacements: 10,
    largeImages: true,
    popular: false,
    bestValue: true,
    features: ['portraits', 'poses', 'combinations', 'delivery', 'response', 'ultraQuality', 'doubleSize'],
  },
];

/**
 * A refresh: 20 new portraits of a delivered order's person, made from what its generation kept (no new
 * selfies). Not on the pricing cards: it is offered on a delivered order. No coupon applies to it.
 */
export const REFRESH_PACKAGE: PortraitPackage = {
  id: 'refresh',
  priceCents: 1999,
  currency: 'usd',
  portraits: 20,
  poses: null,
  combinations: null,
  deliveryHours: 2,
  responseHours: null,
  freeReplacements: 2,
  largeImages: false,
  popular: false,
  bestValue: false,
  features: [],
};

export type PackageId = (typeof PACKAGES)[number]['id'];

/** A package on sale, or the refresh (which orders and receipts name too). */
export function findPackage(id: string): PortraitPackage | undefined {
  return id === REFRESH_PACKAGE.id ? REFRESH_PACKAGE : PACKAGES.find((p) => p.id === id);
}

/** The first-order promotion: 30% off a customer's first paid order. */
export const FIRST_ORDER_COUPON = { code: 'FIRST30', percentOff: 30 } as const;
/** The beta program's code, shown on the beta page; the beta package applies it automatically. */
export const BETA_COUPON = { code: 'BETA', percentOff: 100 } as const;

/**
 * What an order of a package costs before any code the customer types: the beta package carries the
 * beta code, which takes its whole price while seats remain; every other package costs its price.
 */
export function packageCharge(pkg: PortraitPackage): { priceCents: number; discountCents: number; amountCents: number; couponCode: string | null } {
  const couponCode = pkg.id === 'beta' ? BETA_COUPON.code : null;
  const discountCents = couponCode ? Math.round((pkg.priceCents * BETA_COUPON.percentOff) / 100) : 0;
  return { priceCents: pkg.priceCents, discountCents, amountCents: pkg.priceCents - discountCents, couponCode };
}

/**
 * Gift cards: a card pays for one order of one of these packages, at the package's catalog price. An
 * unredeemed card can be refunded within `refundDays` of its purchase.
 */
export const GIFT_CARD = { packages: ['basic', 'pro', 'executive'] as const, refundDays: 7 } as const;
export type GiftCardPackageId = (typeof GIFT_CARD.packages)[number];

/**
 * The referral program. A newcomer who arrives by a customer's link gets `friendDiscountCents` off their
 * first order (or FIRST30, whichever takes more: never both). The referrer earns `referrerCreditCents`
 * once the friend's first paid order is `windowDays` old and was not refunded (the refund window), at
 * most `creditsPerMonth` credits per calendar month (UTC); credits take that much off a later order.
 */
export const REFERRAL_PROGRAM = { friendDiscountCents: 1500, referrerCreditCents: 1000, windowDays: 7, creditsPerMonth: 10 } as const;
