import { FIRST_ORDER_COUPON, PACKAGES, type PackageId } from '@/shared/catalog/packages';

/**
 * The Help page's FAQ: tab by tab, the keys of its questions under `dashboard.help.faq.{tab}.{key}`
 * (each with `q` and `a`). The order here is the order on the page.
 */
export const HELP_FAQ = {
  general: ['whatIs', 'whoFor', 'signIn', 'styles', 'findPortraits'],
  process: ['steps', 'deliveryTime', 'progress', 'failed', 'download'],
  technical: ['howMany', 'goodPhotos', 'avoid', 'photoCheck', 'formats', 'portraitSize'],
  pricing: ['packages', 'beta', 'discount', 'payment', 'refund', 'receipts'],
  privacy: ['selfies', 'retention', 'usage', 'deleteAccount', 'security'],
} as const;

export type HelpTab = keyof typeof HELP_FAQ;
export const HELP_TABS = Object.keys(HELP_FAQ) as HelpTab[];

/**
 * Prices, portrait counts and the first-order code for the answers, from the catalog, so the FAQ
 * can never disagree with what the checkout charges.
 */
export function faqValues(formatPrice: (cents: number, currency: string) => string): Record<string, string | number> {
  const values: Record<string, string | number> = {
    code: FIRST_ORDER_COUPON.code,
    percent: FIRST_ORDER_COUPON.percentOff,
  };
  for (const p of PACKAGES) {
    const id: PackageId = p.id;
    values[`${id}Price`] = formatPrice(p.priceCents, p.currency);
    values[`${id}Count`] = p.portraits;
  }
  return values;
}
