import { FIRST_ORDER_COUPON } from '@/shared/catalog/packages';

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
 * The first-order code for the answers, from the catalog. Prices and portrait counts are default
 * variables of every `t()` (`copyFigures`), so the FAQ can never disagree with what the checkout charges.
 */
export const FAQ_VALUES = { code: FIRST_ORDER_COUPON.code, percent: FIRST_ORDER_COUPON.percentOff };
