import { describe, expect, it } from 'vitest';
import { formatGiftCode, GIFT_CODE_ALPHABET, newGiftCode, normaliseGiftCode } from '@/server/services/giftcards/codes';

describe('[giftcards] codes', () => {
  it('makes codes of 20 symbols from an alphabet without look-alikes, at least 80 bits', () => {
    expect(GIFT_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
    expect(new Set(GIFT_CODE_ALPHABET).size).toBe(GIFT_CODE_ALPHABET.length);
    expect(20 * Math.log2(GIFT_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    const code = newGiftCode();
    expect(code).toMatch(/^GIFT(-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}){5}$/);
  });

  it('uses every symbol of the alphabet and repeats no code over many draws', () => {
    const codes = Array.from({ length: 2000 }, () => newGiftCode());
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join('').replace(/GIFT|-/g, ''));
    expect([...seen].sort().join('')).toBe([...GIFT_CODE_ALPHABET].sort().join(''));
  });

  it.each([
    ['as printed', 'GIFT-ABCD-EFGH-JKMN-PQRS-TVWX'],
    ['in lower case with spaces', 'gift abcd efgh jkmn pqrs tvwx'],
    ['without the prefix or dashes', 'abcdefghjkmnpqrstvwx'],
    ['with stray dots and spaces around', '  ABCD.EFGH.JKMN.PQRS.TVWX  '],
  ])('reads a code typed %s', (_how, typed) => {
    expect(normaliseGiftCode(typed)).toBe('ABCDEFGHJKMNPQRSTVWX');
    expect(formatGiftCode('ABCDEFGHJKMNPQRSTVWX')).toBe('GIFT-ABCD-EFGH-JKMN-PQRS-TVWX');
  });

  it.each([
    ['too short', 'GIFT-ABCD'],
    ['a symbol outside the alphabet (O)', 'GIFT-ABCD-EFGH-JKMN-PQRS-TVWO'],
    ['SQL', "' or 1=1 --"],
    ['empty', ''],
  ])('refuses a code that is %s', (_what, typed) => {
    expect(normaliseGiftCode(typed)).toBeNull();
  });
});
