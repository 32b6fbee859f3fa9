import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_ORDER_COUPON, PACKAGES, REFRESH_PACKAGE } from '@/shared/catalog/packages';
import { copyFigures } from '@/shared/copy-figures';
import { BUNDLED_LANGUAGES, type BundledLanguage } from '@/shared/i18n';
import { BUNDLES } from '@/shared/i18n-bundles';
import { LIMITS, PORTRAIT_SIZE, SIDEBAR } from '@/shared/limits';

/**
 * Every price, count and limit a person reads comes from the catalog or `src/shared/limits.ts` by
 * interpolation: a locale string or a policy text writes `{{betaPrice}}`, `{{photosMax}}`... and
 * `copyFigures` fills it in. This fails when a text states one of those figures itself, where a reader
 * would read it as that figure: a price next to a currency, a number of days next to "days", a photo
 * count next to "photos", and so on in each language.
 */

type Kind = 'money' | 'days' | 'minutes' | 'hours' | 'photos' | 'portraits' | 'megabytes' | 'items' | 'characters' | 'percent' | 'pixels' | 'code';

interface Figure {
  /** The `{{name}}` to write instead. */
  name: string;
  kind: Kind;
  /** Cents for money; the code for a code; the figure itself otherwise. */
  value: number | string;
}

const DAY_SECONDS = 24 * 60 * 60;
const FIGURES: Figure[] = [
  ...[...PACKAGES, REFRESH_PACKAGE].flatMap((p): Figure[] => [
    { name: `${p.id}Price`, kind: 'money', value: p.priceCents },
    { name: `${p.id}Portraits`, kind: 'portraits', value: p.portraits },
  ]),
  { name: 'photosMin', kind: 'photos', value: LIMITS.photosMin },
  { name: 'photosMax', kind: 'photos', value: LIMITS.photosMax },
  { name: 'photoMaxMB', kind: 'megabytes', value: LIMITS.photoMaxBytes / (1024 * 1024) },
  { name: 'refundDays', kind: 'days', value: LIMITS.refundWindowDays },
  { name: 'retentionDays', kind: 'days', value: LIMITS.retentionDays },
  { name: 'sessionIdleDays', kind: 'days', value: LIMITS.sessionIdleDays },
  { name: 'sidebarCookieDays', kind: 'days', value: SIDEBAR.cookieMaxAgeSeconds / DAY_SECONDS },
  { name: 'loginLinkMinutes', kind: 'minutes', value: LIMITS.loginLinkTtlMs / 60_000 },
  { name: 'generationHours', kind: 'hours', value: LIMITS.generationBoundHours },
  { name: 'orderIdLength', kind: 'characters', value: LIMITS.orderIdDisplayLength },
  { name: 'receiptsMax', kind: 'items', value: LIMITS.receiptsMax },
  { name: 'portraitWidth', kind: 'pixels', value: PORTRAIT_SIZE.standard.width },
  { name: 'portraitHeight', kind: 'pixels', value: PORTRAIT_SIZE.standard.height },
  { name: 'largePortraitWidth', kind: 'pixels', value: PORTRAIT_SIZE.large.width },
  { name: 'largePortraitHeight', kind: 'pixels', value: PORTRAIT_SIZE.large.height },
  { name: 'firstOrderPercent', kind: 'percent', value: FIRST_ORDER_COUPON.percentOff },
  { name: 'firstOrderCode', kind: 'code', value: FIRST_ORDER_COUPON.code },
];

/** The words that make a number a figure of each kind, by language (a number right before them, or one word between). */
const UNITS: Record<Exclude<Kind, 'money' | 'percent' | 'pixels' | 'code'>, Record<BundledLanguage, string>> = {
  days: { us: 'days?', fr: 'jours?', de: 'Tag(?:e|en)?|tägig', es: 'días?', jp: '日', kr: '일', cn: '天' },
  minutes: { us: 'minutes?', fr: 'minutes?', de: 'Minuten?', es: 'minutos?', jp: '分', kr: '분', cn: '分钟' },
  hours: { us: 'hours?', fr: 'heures?', de: 'Stunden?', es: 'horas?', jp: '時間', kr: '시간', cn: '小时' },
  photos: { us: 'photos?|selfies?', fr: 'photos?|selfies?', de: 'Fotos?|Selfies?|Referenzfotos', es: 'fotos?|selfis?|selfies?', jp: '枚', kr: '장', cn: '张' },
  portraits: { us: 'portraits?', fr: 'portraits?', de: 'Porträts?', es: 'retratos?', jp: '枚', kr: '장', cn: '张' },
  megabytes: { us: 'MB', fr: 'Mo|MB', de: 'MB', es: 'MB', jp: 'MB', kr: 'MB', cn: 'MB' },
  items: { us: 'items?', fr: 'éléments?', de: 'Einträge', es: 'elementos?', jp: '件', kr: '개', cn: '条' },
  characters: { us: 'characters?', fr: 'caractères?', de: 'Zeichen|stellig', es: 'caracteres?', jp: '文字', kr: '자리', cn: '个字符|位' },
};

/** Words around a bare photo count: "at least 6 to continue", "en accepte 10 au maximum". */
const PHOTO_BOUNDS: Record<BundledLanguage, { before: string; after?: string }> = {
  us: { before: 'at least|at most|maximum of|up to' },
  fr: { before: "au moins|maximum de|jusqu’à|jusqu'à", after: 'au maximum' },
  de: { before: 'mindestens|höchstens|maximal|Anzahl von|bis zu' },
  es: { before: 'al menos|como máximo|máximo de|hasta' },
  jp: { before: '最大' },
  kr: { before: '최대' },
  cn: { before: '至少|最多' },
};

const CURRENCY = String.raw`\$|US\$|\$US|USD|dollars?|dólares|Dollar|ドル|달러|美元`;
// "6 to 10 photos": a figure may be the first number of a range whose unit follows the second.
const RANGE_TAIL = String.raw`(?:\s*(?:-|–|to|à|a|y|bis|〜|～|~|到|至)\s*(?:\d+|\{\{\w+\}\}))?`;
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bare = (n: number | string) => String.raw`(?<![\d.,/])${esc(String(n))}(?![\d])`;

/** How a price may be written: 1200 cents as 12, 12.00 or 12,00; 1250 as 12.50 or 12,50. */
function amounts(cents: number): string[] {
  const major = (cents / 100).toFixed(2);
  const forms = [major, major.replace('.', ',')];
  return cents % 100 === 0 ? [String(cents / 100), ...forms] : forms;
}

/** The patterns that state a figure in a language. */
function patterns(figure: Figure, language: BundledLanguage): RegExp[] {
  const flags = 'giu';
  if (figure.kind === 'code') return [new RegExp(String.raw`\b${esc(String(figure.value))}\b`, flags)];
  if (figure.kind === 'pixels') return [new RegExp(bare(figure.value), flags)];
  if (figure.kind === 'percent') return [new RegExp(String.raw`${bare(figure.value)}\s?%`, flags)];
  if (figure.kind === 'money') {
    const value = amounts(Number(figure.value)).map(esc).join('|');
    const formatted = esc((copyFigures(language) as Record<string, string>)[figure.name]!);
    return [
      new RegExp(String.raw`(?<![\d.,])(?:${CURRENCY})\s?(?:${value})(?![\d])`, flags),
      new RegExp(String.raw`(?<![\d.,])(?:${value})\s?(?:${CURRENCY})`, flags),
      new RegExp(String.raw`(?<![\d.,])${formatted}(?![\d])`, flags),
    ];
  }
  const unit = UNITS[figure.kind][language];
  const found = [new RegExp(String.raw`${bare(figure.value)}${RANGE_TAIL}[\s\u00a0-]*(?:\p{L}+\s+)?(?:${unit})`, flags)];
  if (figure.kind === 'photos') {
    const bounds = PHOTO_BOUNDS[language];
    found.push(new RegExp(String.raw`/\s*${esc(String(figure.value))}(?![\d])`, flags));
    found.push(new RegExp(String.raw`(?:${bounds.before})\s*${bare(figure.value)}`, flags));
    if (bounds.after) found.push(new RegExp(String.raw`${bare(figure.value)}\s*(?:${bounds.after})`, flags));
  }
  return found;
}

/**
 * Numbers that are the same as a figure but are not that figure, each with its reason. `drop` is taken
 * out of the text of the matching keys (in every language) before it is read.
 */
const EXCEPTIONS: { keys: RegExp; drop: RegExp; reason: string }[] = [
  {
    keys: /^operator\.(overview\.|likeness\.empty$)/,
    drop: /30/g,
    reason:
      'the operator console’s overview covers the last 30 days (`DAYS` in services/operator/overview.ts), a window of its query, not the retention period',
  },
  {
    keys: /^(hero\.subtitle|howItWorks\.portraits\.text|comparison\.results\.ours)$/,
    drop: /10\s*(?:\+|枚以上|장\s*이상|张以上|多张)|(?:plus de|über|más de)\s+10/gi,
    reason: '"10+ portraits" is a promise about the portraits delivered (every package gives more), not the upload limit of 10 photos',
  },
];

interface Text {
  language: BundledLanguage;
  /** The locale key or the policy file. */
  where: string;
  text: string;
}

/** A language's patterns, one set per kind and value: a retention of 30 days and a session of 30 idle days read alike. */
const patternsOf = new Map<BundledLanguage, { names: string; pattern: RegExp }[]>();
function languagePatterns(language: BundledLanguage) {
  if (!patternsOf.has(language)) {
    const alike = new Map<string, Figure[]>();
    for (const f of FIGURES) alike.set(`${f.kind} ${f.value}`, [...(alike.get(`${f.kind} ${f.value}`) ?? []), f]);
    const names = (figures: Figure[]) => figures.map((f) => `{{${f.name}}}`).join(' or ');
    patternsOf.set(
      language,
      [...alike.values()].flatMap((figures) => patterns(figures[0]!, language).map((pattern) => ({ names: names(figures), pattern }))),
    );
  }
  return patternsOf.get(language)!;
}

/** The figures a text states itself, as `language where: "the words" (write {{name}})`. */
function statedFigures({ language, where, text }: Text): string[] {
  let read = text;
  for (const exception of EXCEPTIONS) if (exception.keys.test(where)) read = read.replace(exception.drop, ' ');
  return languagePatterns(language).flatMap(({ names, pattern }) => [...read.matchAll(pattern)].map((m) => `${language} ${where}: "${m[0]}" (write ${names})`));
}

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const POLICIES = resolve(import.meta.dirname, '../../../src/content/policies');
const policyTexts = (language: BundledLanguage): Text[] =>
  readdirSync(resolve(POLICIES, language))
    .filter((name) => name.endsWith('.md'))
    .map((name) => ({
      language,
      where: `src/content/policies/${language}/${name}`,
      // The date a text last changed is not a figure.
      text: readFileSync(resolve(POLICIES, language, name), 'utf8').replace(/^lastUpdated:.*$/m, ''),
    }));

describe('[i18n] figures come from the catalog and the limits', () => {
  it.each(BUNDLED_LANGUAGES)('%s locale strings state no price, count or limit of their own', (language) => {
    const texts = leaves(BUNDLES[language]).map(([where, text]) => ({ language, where, text }));
    expect(texts.flatMap(statedFigures)).toEqual([]);
  });

  it.each(BUNDLED_LANGUAGES)('%s policy texts state no price, count or limit of their own', (language) => {
    expect(policyTexts(language).flatMap(statedFigures)).toEqual([]);
  });

  it.each(BUNDLED_LANGUAGES)('%s policy texts name only figures copyFigures has', (language) => {
    const known = new Set([...Object.keys(copyFigures(language)), 'supportEmail']);
    const unknown = policyTexts(language).flatMap(({ where, text }) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].filter((m) => !known.has(m[1]!)).map((m) => `${where}: ${m[0]}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('[i18n] the figure scanner', () => {
  const us = (text: string, where = 'any.key'): Text => ({ language: 'us', where, text });
  const beta = PACKAGES.find((p) => p.id === 'beta')!;

  it.each([
    [`Starting at $${beta.priceCents / 100} for {{betaPortraits}} portraits`, 'betaPrice'],
    [`A refresh for ${copyFigures('us').refreshPrice}`, 'refreshPrice'],
    [`Upload ${LIMITS.photosMin} to {{photosMax}} photos`, 'photosMin'],
    [`Upload {{photosMin}} to ${LIMITS.photosMax} clear photos`, 'photosMax'],
    [`Uploaded: {{count}}/${LIMITS.photosMax}`, 'photosMax'],
    [`You need at least ${LIMITS.photosMin} to continue`, 'photosMin'],
    [`each under ${LIMITS.photoMaxBytes / (1024 * 1024)}MB`, 'photoMaxMB'],
    [`Our ${LIMITS.refundWindowDays}-day money-back guarantee`, 'refundDays'],
    [`Keep ${LIMITS.retentionDays} more days`, 'retentionDays'],
    [`Link expires in ${LIMITS.loginLinkTtlMs / 60_000} minutes.`, 'loginLinkMinutes'],
    [`${FIRST_ORDER_COUPON.code} for ${FIRST_ORDER_COUPON.percentOff}% off`, 'firstOrderPercent'],
  ])('finds "%s" (%s)', (text, name) => {
    expect(statedFigures(us(text)).join('\n')).toContain(`{{${name}}}`);
  });

  it.each([
    ['fr', `À partir de ${beta.priceCents / 100} $ pour {{betaPortraits}} portraits`],
    ['de', `Eine Auffrischung kostet nur ${(REFRESH_PACKAGE.priceCents / 100).toFixed(2).replace('.', ',')} $.`],
    ['jp', `写真を${LIMITS.photosMin}〜{{photosMax}}枚アップロードしてください`],
    ['cn', `${LIMITS.refundWindowDays} 天退款保证`],
  ] as const)('finds the figure in %s "%s"', (language, text) => {
    expect(statedFigures({ language, where: 'any.key', text })).not.toEqual([]);
  });

  it.each([
    'First portraits in about 15 minutes.',
    'Delivery usually takes 1 to 2 hours.',
    'Refunds are processed in 3-5 business days.',
    '$250-$500+',
    'We are looking for 30 beta testers.',
    'Pick from 20+ styles and 50+ backgrounds.',
    'You must be at least 18 years old.',
  ])('leaves "%s" alone', (text) => {
    expect(statedFigures(us(text))).toEqual([]);
  });

  it('leaves the exceptions alone, and only where they are listed', () => {
    expect(statedFigures(us('Last 30 days', 'operator.overview.last30'))).toEqual([]);
    expect(statedFigures(us('get 10+ studio-quality portraits', 'hero.subtitle'))).toEqual([]);
    expect(statedFigures(us('Keep 30 more days', 'operator.order.extend'))).not.toEqual([]);
  });
});
