import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '@/server/services/entitlements/identity';
import { canonicalDomain, canonicalEmail } from '@/shared/email';

/** Unicode domains and their ASCII (IDNA) form, as a mail system routes them. */
const IDN = [
  ['exämple.com', 'xn--exmple-cua.com'],
  ['bücher.de', 'xn--bcher-kva.de'],
  ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
] as const;

const letters = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 });
const plainDomain = fc.tuple(letters, fc.constantFrom('com', 'net', 'org', 'co.uk')).map(([name, tld]) => `${name}.${tld}`);

/** Random case for every letter. */
const anyCase = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

/** Every way a customer may spell the mailbox `local@domain` that still reaches it. */
function spellings(local: string, domain: string, domainSpellings: string[] = [domain]) {
  return fc
    .record({
      local: anyCase(local),
      domain: fc.constantFrom(...domainSpellings).chain(anyCase),
      tag: fc.option(letters, { nil: undefined }),
      quoted: fc.boolean(),
      trailingDot: fc.boolean(),
      spaces: fc.boolean(),
    })
    .map(({ local: l, domain: d, tag, quoted, trailingDot, spaces }) => {
      const withTag = tag ? `${l}+${tag}` : l;
      const address = `${quoted ? `"${withTag}"` : withTag}@${d}${trailingDot ? '.' : ''}`;
      return spaces ? `  ${address} ` : address;
    });
}

describe('[entitlements] one mailbox, one identity', () => {
  it('folds case, +tags, quotes and the trailing dot of any address to one identity', () => {
    fc.assert(
      fc.property(letters, plainDomain, (local, domain) => {
        fc.assert(
          fc.property(spellings(local, domain), (spelling) => {
            expect(normaliseEmail(spelling)).toBe(`${local}@${domain}`);
          }),
          { numRuns: 20 },
        );
      }),
      { numRuns: 50 },
    );
  });

  it('folds a Unicode domain and its punycode to one identity', () => {
    for (const [unicode, ascii] of IDN) {
      fc.assert(
        fc.property(letters, (local) => {
          fc.assert(
            fc.property(spellings(local, ascii, [unicode, ascii]), (spelling) => {
              expect(normaliseEmail(spelling)).toBe(`${local}@${ascii}`);
            }),
            { numRuns: 20 },
          );
        }),
        { numRuns: 20 },
      );
    }
  });

  it("folds Gmail's dots and Googlemail, with or without the trailing dot", () => {
    const dotted = fc.tuple(letters, fc.array(fc.nat(), { maxLength: 4 })).map(([local, cuts]) => {
      const chars = [...local];
      for (const cut of cuts) chars.splice((cut % chars.length) + 1, 0, '.');
      return {
        local,
        dotted: chars
          .join('')
          .replace(/\.+$/, '')
          .replace(/\.{2,}/g, '.'),
      };
    });
    fc.assert(
      fc.property(dotted, ({ local, dotted: spelled }) => {
        fc.assert(
          fc.property(spellings(spelled, 'gmail.com', ['gmail.com', 'googlemail.com']), (spelling) => {
            expect(normaliseEmail(spelling)).toBe(`${local}@gmail.com`);
          }),
          { numRuns: 10 },
        );
      }),
      { numRuns: 50 },
    );
  });

  it('keeps two mailboxes apart', () => {
    fc.assert(
      fc.property(letters, letters, plainDomain, (a, b, domain) => {
        fc.pre(a !== b);
        expect(normaliseEmail(`${a}@${domain}`)).not.toBe(normaliseEmail(`${b}@${domain}`));
        expect(normaliseEmail(`${a}@${domain}`)).not.toBe(normaliseEmail(`${a}@x${domain}`));
      }),
    );
    // Outside Gmail a dot is part of the mailbox.
    expect(normaliseEmail('a.b@example.com')).not.toBe(normaliseEmail('ab@example.com'));
  });
});

describe('[accounts] one address, one account', () => {
  it('signs every spelling of an address in as one: case, spaces, the trailing dot, needless quotes, IDNA', () => {
    for (const spelling of ['c@example.com', ' C@EXAMPLE.com ', 'c@example.com.', '"c"@example.com', '"C"@Example.COM.']) {
      expect(canonicalEmail(spelling), spelling).toBe('c@example.com');
    }
    for (const [unicode, ascii] of IDN) {
      expect(canonicalEmail(`c@${unicode}`)).toBe(`c@${ascii}`);
      expect(canonicalEmail(`c@${ascii.toUpperCase()}.`)).toBe(`c@${ascii}`);
    }
  });

  it('keeps what makes another address: a +tag, a dot, quotes that are needed', () => {
    expect(canonicalEmail('c+work@example.com')).toBe('c+work@example.com');
    expect(canonicalEmail('c.d@gmail.com')).toBe('c.d@gmail.com');
    expect(canonicalEmail('"c d"@example.com')).toBe('"c d"@example.com');
    expect(normaliseEmail('"c d"@example.com')).toBe('c d@example.com');
  });

  it('leaves a domain the URL standard refuses or reads as an address as it was typed', () => {
    expect(canonicalDomain('Ex%ample.com')).toBe('ex%ample.com');
    expect(canonicalDomain('１．２')).toBe('１．２');
    expect(canonicalDomain('EXAMPLE.com..')).toBe('example.com');
  });
});
