import { FIRST_ORDER_COUPON, findPackage, type PortraitPackage } from '../../src/shared/catalog/packages';
import { formatMoney } from '../../src/shared/format';

/**
 * What tests expect a price to be, computed from the catalog (`src/shared/catalog/packages.ts`), so a
 * price changes in one line there and no test changes with it. Integration tests compare cents;
 * browser specs compare the text the dashboard shows (`usd`).
 */

/** A package on sale or the refresh, by id; a typo fails at once rather than as a wrong price. */
export function packageOf(id: PortraitPackage['id']): PortraitPackage {
  const pkg = findPackage(id);
  if (!pkg) throw new Error(`No package "${id}" in the catalog`);
  return pkg;
}

/** A package's price in cents: `priceOf('pro')`. */
export function priceOf(id: PortraitPackage['id']): number {
  return packageOf(id).priceCents;
}

/** What FIRST30 takes off a price, in cents, rounded to the cent as the checkout rounds it. */
export function firstOrderDiscount(priceCents: number): number {
  return Math.round((priceCents * FIRST_ORDER_COUPON.percentOff) / 100);
}

/** A price after FIRST30, in cents. */
export function afterFirstOrder(priceCents: number): number {
  return priceCents - firstOrderDiscount(priceCents);
}

/** The amounts of a package bought with FIRST30, as an order and its payment record them. */
export function firstOrderAmounts(id: PortraitPackage['id']) {
  const priceCents = priceOf(id);
  return { priceCents, discountCents: firstOrderDiscount(priceCents), amountCents: afterFirstOrder(priceCents), couponCode: FIRST_ORDER_COUPON.code };
}

/**
 * Cents as the dashboard, the receipts and the mails show them in English: `usd(1250)` is "$12.50";
 * `wholeWithoutCents` prints a whole price as the price cards do, `usd(1200, { wholeWithoutCents: true })` "$12".
 */
export function usd(cents: number, options: { wholeWithoutCents?: boolean } = {}): string {
  return formatMoney(cents, 'usd', 'us', options);
}

/** A package's price as the price cards and the copy print it in English: "$45", "$19.99". */
export function priceLabel(id: PortraitPackage['id']): string {
  return usd(priceOf(id), { wholeWithoutCents: true });
}
