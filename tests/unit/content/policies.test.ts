import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_ORDER_COUPON } from '@/shared/catalog/packages';
import { fillFigures } from '@/shared/copy-figures';
import { BUNDLED_LANGUAGES } from '@/shared/i18n';
import { LIMITS, SIDEBAR } from '@/shared/limits';

/** The markdown behind /terms, /privacy, /refund and /cookies: `src/content/policies/{lang}/{page}.md`. */
const ROOT = `${resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/content/policies')}/`;
const PAGES = ['terms', 'privacy', 'refund', 'cookies'] as const;
const TRANSLATIONS = BUNDLED_LANGUAGES.filter((l) => l !== 'us');

interface Policy {
  data: Record<string, string>;
  body: string;
  raw: string;
}

/** A tiny front-matter reader: `key: value` lines between `---` fences, quotes stripped. */
function readPolicy(lang: string, page: string): Policy {
  const raw = readFileSync(`${ROOT}${lang}/${page}.md`, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`${lang}/${page}.md has no front matter`);
  const data: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const field = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (field) data[field[1]] = field[2].replace(/^(["'])(.*)\1$/, '$2').trim();
  }
  return { data, body: match[2], raw };
}

/** Prose only: the text a reader sees, without markdown punctuation. */
function words(markdown: string): number {
  return markdown
    .replace(/\|?-{3,}\|?/g, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

describe('policy pages', () => {
  for (const lang of BUNDLED_LANGUAGES) {
    for (const page of PAGES) {
      it(`${lang}/${page}.md exists with title, description and lastUpdated`, () => {
        expect(existsSync(`${ROOT}${lang}/${page}.md`)).toBe(true);
        const { data, body } = readPolicy(lang, page);
        expect(data.title).toBeTruthy();
        expect(data.description).toBeTruthy();
        expect(data.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}/);
        expect(Number.isNaN(new Date(data.lastUpdated).getTime())).toBe(false);
        expect(body).toMatch(/^## /m);
        // The support address is the site's (src/content/site/settings.yaml), filled in by the build.
        expect(body).toContain('{{supportEmail}}');
      });
    }
  }

  // The privacy policy may run longer: it also explains the likeness check's face descriptors (biometric data).
  const MAX_WORDS: Record<(typeof PAGES)[number], number> = { terms: 1200, privacy: 1400, refund: 1200, cookies: 1200 };

  it('English policies are 500-1200 words (privacy 1400), in h2 sections', () => {
    for (const page of PAGES) {
      const { body } = readPolicy('us', page);
      const count = words(body);
      expect(count, page).toBeGreaterThanOrEqual(500);
      expect(count, page).toBeLessThanOrEqual(MAX_WORDS[page]);
      expect(body.match(/^## /gm)?.length ?? 0, page).toBeGreaterThanOrEqual(4);
    }
  });

  it('the English refund policy states the refund rules', () => {
    const body = fillFigures(readPolicy('us', 'refund').body, 'us');
    expect(body).toContain(`${LIMITS.refundWindowDays} days`);
    expect(body).toContain(`within ${LIMITS.refundWindowDays} days of purchase`);
    expect(body).toContain('3-5 business days');
    expect(body).toContain('downloaded');
    expect(body).toContain(`${LIMITS.photosMin} to ${LIMITS.photosMax}`);
    expect(body).toContain(FIRST_ORDER_COUPON.code);
  });

  it('the English privacy policy states retention and selfie deletion', () => {
    const body = fillFigures(readPolicy('us', 'privacy').body, 'us');
    expect(body).toContain(`${LIMITS.retentionDays} days after delivery`);
    expect(body).toMatch(/selfies are deleted right after processing/i);
    expect(body).toContain('Stripe');
    expect(body).toContain('Astria');
  });

  it('the English cookie policy lists exactly the storage the product uses', () => {
    const body = fillFigures(readPolicy('us', 'cookies').body, 'us');
    expect(body).toContain('HttpOnly');
    expect(body).toContain('`sidebar:state`');
    expect(body).toContain(`${SIDEBAR.cookieMaxAgeSeconds / (24 * 60 * 60)} days`);
    expect(body).toContain('`language`');
    expect(body).toContain('Stripe');
    expect(body).toMatch(/no advertising/i);
  });

  it('every translation is its own text, not a copy of the English one', () => {
    for (const page of PAGES) {
      const english = readPolicy('us', page);
      for (const lang of TRANSLATIONS) {
        const translated = readPolicy(lang, page);
        expect(translated.raw, `${lang}/${page}`).not.toBe(english.raw);
        expect(translated.data.title, `${lang}/${page} title`).not.toBe(english.data.title);
        expect(translated.data.description, `${lang}/${page} description`).not.toBe(english.data.description);
        // No sentence left in English: no line of prose is the same as a line of the English text.
        const englishLines = new Set(english.body.split('\n').filter((l) => l.length > 40));
        const leftOver = translated.body.split('\n').filter((l) => englishLines.has(l));
        expect(leftOver, `${lang}/${page} untranslated lines`).toEqual([]);
      }
    }
  });

  it('translations link to the policy pages of their own language', () => {
    for (const lang of TRANSLATIONS.filter((l) => l !== 'es')) {
      for (const page of PAGES) {
        const links = [...readPolicy(lang, page).body.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]);
        for (const link of links) expect(link, `${lang}/${page}`).toMatch(new RegExp(`^/${lang}/`));
      }
    }
  });
});
