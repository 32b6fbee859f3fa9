import type { TFunction } from 'i18next';
import { findPackage } from '../../../shared/catalog/packages.js';
import { formatDate, formatMoney, intlLocale, shortOrderId } from '../../../shared/format.js';
import { htmlLang, type BundledLanguage } from '../../../shared/i18n.js';
import { escapeHtml } from '../mail/render-mail.js';
import type { PaymentRecord } from './get-receipt.js';
import { REFERRAL_CODES } from '../../../shared/referrals.js';

export interface ReceiptPageOptions {
  t: TFunction;
  language: BundledLanguage;
  supportEmail: string;
}

/** A receipt shows money with all its decimals: 3150 -> "$31.50". */
const money = (amountMinor: number, currency: string, language: BundledLanguage) => formatMoney(amountMinor, currency, language);

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:640px;margin:32px auto;padding:32px;background:#fff;border:1px solid #e2e8f0;border-radius:12px}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;flex-wrap:wrap;padding-bottom:24px;border-bottom:1px solid #e2e8f0}
.brand{font-weight:700;color:#4f46e5;font-size:18px}
h1{margin:0;font-size:24px;line-height:1.2;text-align:right}
.muted{color:#475569;font-size:14px}
header .muted{margin:4px 0 0;text-align:right}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 24px;margin:24px 0}
dt{color:#475569;font-size:14px}
dd{margin:0;font-size:14px;font-weight:500}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
table{width:100%;border-collapse:collapse;margin:8px 0 24px;font-size:14px}
th,td{padding:10px 0;text-align:left;border-bottom:1px solid #e2e8f0}
thead th{color:#475569;font-weight:500}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tfoot th,tfoot td{border-bottom:0}
tfoot tr.total th,tfoot tr.total td{font-size:16px;font-weight:700;border-top:2px solid #0f172a}
.notice{padding:12px 16px;border-radius:8px;background:#eef2ff;color:#312e81;font-size:14px}
.actions{margin-top:24px}
button{font:inherit;font-size:14px;font-weight:500;color:#fff;background:#4f46e5;border:0;border-radius:6px;padding:8px 16px;cursor:pointer}
button:hover{background:#4338ca}
button:focus-visible{outline:2px solid #6366f1;outline-offset:2px}
@media (max-width:480px){main{margin:0;border:0;border-radius:0;padding:20px}h1,header .muted{text-align:left}dl{grid-template-columns:1fr;gap:2px}dd{margin-bottom:8px}}
@media print{body{background:#fff}main{margin:0;border:0;padding:0;max-width:none}.actions{display:none}}
`;

/** The printable receipt of one payment, a self-contained page (inline style, no outside assets). */
export function renderReceiptPage(payment: PaymentRecord, { t, language, supportEmail }: ReceiptPageOptions): string {
  const e = escapeHtml;
  const pkg = findPackage(payment.packageId);
  const packageName = t(`packages.${payment.packageId}.name`, { defaultValue: payment.packageId });
  const number = `PS-${shortOrderId(payment.id)}`;
  const date = new Intl.DateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(payment.createdAt);
  const orderId = payment.orderId ? shortOrderId(payment.orderId) : '—';
  const testMode = payment.provider === 'offline';
  const method = payment.cardLast4
    ? t(testMode ? 'dashboard.receipts.document.cardTestMode' : 'dashboard.receipts.document.card', { last4: payment.cardLast4 })
    : payment.amountCents === 0
      ? t('dashboard.receipts.document.noCard')
      : null;
  const cur = payment.currency;
  const d = (key: string, options?: Record<string, unknown>) => e(t(`dashboard.receipts.document.${key}`, options ?? {}));

  const rows = [
    `<tr><td>${
      payment.giftCard
        ? d('giftCardLine', { name: packageName, count: pkg?.portraits ?? '' })
        : payment.seats === null
          ? d('packageLine', { name: packageName, count: pkg?.portraits ?? '' })
          : d('seatLine', { name: packageName, count: payment.seats, portraits: pkg?.portraits ?? '' })
    }</td><td class="num">${e(money(payment.priceCents, cur, language))}</td></tr>`,
  ];
  // Referrals: the friend's welcome discount and referral credits are named on lines of their own.
  const couponCents = payment.discountCents - payment.referralDiscountCents - payment.creditCents;
  if (couponCents > 0) {
    const code = [REFERRAL_CODES.friend, REFERRAL_CODES.credit].includes(payment.couponCode as 'FRIEND') ? null : payment.couponCode;
    const label = code ? d('discountCode', { code }) : d('discount');
    rows.push(`<tr><td>${label}</td><td class="num">−${e(money(couponCents, cur, language))}</td></tr>`);
  }
  const referralLine = (key: string, cents: number) =>
    cents > 0 && rows.push(`<tr><td>${e(t(`dashboard.referrals.checkout.${key}`))}</td><td class="num">−${e(money(cents, cur, language))}</td></tr>`);
  referralLine('friendDiscount', payment.referralDiscountCents);
  referralLine('credit', payment.creditCents);

  return `<!doctype html>
<html lang="${htmlLang(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${d('title')} ${e(number)} | ${e(t('meta.siteName'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<div class="brand">${e(t('meta.siteName'))}</div>
<div><h1>${d('title')}</h1><p class="muted mono">${e(number)}</p></div>
</header>
<dl>
<dt>${d('receiptNumber')}</dt><dd class="mono">${e(number)}</dd>
<dt>${d('datePaid')}</dt><dd>${e(date)}</dd>
${payment.seats === null && !payment.giftCard ? `<dt>${d('orderId')}</dt><dd class="mono">${e(orderId)}</dd>` : ''}
${method ? `<dt>${d('paymentMethod')}</dt><dd>${e(method)}</dd>` : ''}
</dl>
<table>
<thead><tr><th scope="col">${d('description')}</th><th scope="col" class="num">${d('amount')}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot>
<tr class="total"><th scope="row">${d('amountPaid')}</th><td class="num">${e(money(payment.amountCents, cur, language))}</td></tr>
${
  payment.refundedAt
    ? `<tr class="total"><th scope="row">${d('refunded', { date: formatDate(payment.refundedAt, language) })}</th><td class="num">${e(money(-payment.refundedCents, cur, language))}</td></tr>`
    : ''
}
<tr><th scope="row" class="muted">${d('currency')}</th><td class="num muted">${e(cur.toUpperCase())}</td></tr>
</tfoot>
</table>
${testMode ? `<p class="notice">${d('testNotice')}</p>` : ''}
<p>${d('thanks')}</p>
<p class="muted">${d('questions', { email: supportEmail })}</p>
<div class="actions"><button type="button" id="print">${d('print')}</button></div>
</main>
<script>document.getElementById('print').addEventListener('click', function () { window.print(); });</script>
</body>
</html>
`;
}
