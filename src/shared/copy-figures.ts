import { FIRST_ORDER_COUPON, PACKAGES, REFRESH_PACKAGE, type PortraitPackage } from './catalog/packages';
import { formatMoney, intlLocale } from './format';
import type { BundledLanguage } from './languages';
import { LIMITS, PORTRAIT_SIZE, SIDEBAR } from './limits';

type PackageId = PortraitPackage['id'];

/** The figures the copy states, each under the name a locale string or a policy text writes as `{{name}}`. */
export type CopyFigures = Record<`${PackageId}Price` | `${PackageId}Portraits`, string> & {
  photosMin: string;
  photosMax: string;
  /** The upload limit in megabytes; the unit is the sentence's ("10MB", "10 Mo"). */
  photoMaxMB: string;
  refundDays: string;
  retentionDays: string;
  sessionIdleDays: string;
  sidebarCookieDays: string;
  loginLinkMinutes: string;
  generationHours: string;
  orderIdLength: string;
  receiptsMax: string;
  portraitWidth: string;
  portraitHeight: string;
  largePortraitWidth: string;
  largePortraitHeight: string;
  firstOrderCode: string;
  firstOrderPercent: string;
};

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Every price, count and limit a customer reads, from the catalog and `limits.ts`, formatted for a
 * language: prices as the price cards print them ("$25", "19,99 $US"), counts with the language's
 * digits. They are i18next's default variables (`createI18n`) and fill the policy texts, so a locale
 * string writes `{{betaPrice}}` and a price changes in one place.
 */
export function copyFigures(language: BundledLanguage): CopyFigures {
  const count = new Intl.NumberFormat(intlLocale(language)).format;
  // Pixel sizes read as one token, "1664x2432", never with a thousands separator.
  const pixels = new Intl.NumberFormat(intlLocale(language), { useGrouping: false }).format;
  const packages = Object.fromEntries(
    [...PACKAGES, REFRESH_PACKAGE].flatMap((pkg) => [
      [`${pkg.id}Price`, formatMoney(pkg.priceCents, pkg.currency, language, { wholeWithoutCents: true })],
      [`${pkg.id}Portraits`, count(pkg.portraits)],
    ]),
  ) as Record<`${PackageId}Price` | `${PackageId}Portraits`, string>;
  return {
    ...packages,
    photosMin: count(LIMITS.photosMin),
    photosMax: count(LIMITS.photosMax),
    photoMaxMB: count(LIMITS.photoMaxBytes / (1024 * 1024)),
    refundDays: count(LIMITS.refundWindowDays),
    retentionDays: count(LIMITS.retentionDays),
    sessionIdleDays: count(LIMITS.sessionIdleDays),
    sidebarCookieDays: count(SIDEBAR.cookieMaxAgeSeconds / DAY_SECONDS),
    loginLinkMinutes: count(LIMITS.loginLinkTtlMs / 60_000),
    generationHours: count(LIMITS.generationBoundHours),
    orderIdLength: count(LIMITS.orderIdDisplayLength),
    receiptsMax: count(LIMITS.receiptsMax),
    portraitWidth: pixels(PORTRAIT_SIZE.standard.width),
    portraitHeight: pixels(PORTRAIT_SIZE.standard.height),
    largePortraitWidth: pixels(PORTRAIT_SIZE.large.width),
    largePortraitHeight: pixels(PORTRAIT_SIZE.large.height),
    firstOrderCode: FIRST_ORDER_COUPON.code,
    firstOrderPercent: count(FIRST_ORDER_COUPON.percentOff),
  };
}

/**
 * Fills the `{{name}}` figures of a text (a rendered policy page) for a language. A name that is not a
 * figure is left as it is, for the caller to fill or to refuse.
 */
export function fillFigures(text: string, language: BundledLanguage): string {
  const figures: Record<string, string> = copyFigures(language);
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => figures[name] ?? placeholder);
}
