import { htmlLang, type BundledLanguage } from './languages';
import { LIMITS } from './limits';

/**
 * How the product writes dates, money and order ids, on the site, in the dashboard, in mails and on
 * receipts alike.
 */

/** The Intl locale of a language; English is en-US, as the product's dates are. */
export function intlLocale(language: BundledLanguage): string {
  return language === 'us' ? 'en-US' : htmlLang(language);
}

/** Short month, day, year in the current language: "Apr 12, 2025" in English. */
export function formatDate(value: string | Date, language: BundledLanguage, options: { timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: options.timeZone,
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** A time of day in the current language: "3:42 PM" in English, "15:42" in French. */
export function formatTime(value: string | Date, language: BundledLanguage, options: { timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit', timeZone: options.timeZone }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/**
 * An amount in the currency's minor unit (cents for USD) as currency text: 3150, 'usd' -> "$31.50".
 * `wholeWithoutCents` prints a price like 3500 as "$35" rather than "$35.00".
 */
export function formatMoney(amountMinor: number, currency: string, language: BundledLanguage, options: { wholeWithoutCents?: boolean } = {}): string {
  const locale = intlLocale(language);
  const code = currency.toUpperCase();
  const digits = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  const major = amountMinor / 10 ** digits;
  const whole = options.wholeWithoutCents && Number.isInteger(major);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: code, minimumFractionDigits: whole ? 0 : digits }).format(major);
}

/** An order id as the product shows it: its first 8 characters in upper case. */
export function shortOrderId(id: string): string {
  return id.slice(0, LIMITS.orderIdDisplayLength).toUpperCase();
}
