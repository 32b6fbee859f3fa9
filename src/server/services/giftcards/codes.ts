import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { installationKey } from '../installation-keys.js';

/**
 * Crockford's base32 without the characters people confuse (0/O, 1/I/L) and U: 30 symbols, so each
 * carries log2(30) ≈ 4.9 bits; 20 of them are 98 bits from the system's random source.
 */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 20;
const PREFIX = 'GIFT';

/** A new gift card code, as printed: `GIFT-XXXX-XXXX-XXXX-XXXX-XXXX`. */
export function newGiftCode(): string {
  const symbols: string[] = [];
  while (symbols.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      // 240 = 8 × 30: bytes above it are dropped so that every symbol is equally likely.
      if (byte < 240 && symbols.length < CODE_LENGTH) symbols.push(GIFT_CODE_ALPHABET[byte % 30] as string);
    }
  }
  return formatGiftCode(symbols.join(''));
}

/** Groups of four behind the prefix. */
export function formatGiftCode(bare: string): string {
  return [PREFIX, ...(bare.match(/.{1,4}/g) ?? [])].join('-');
}

/**
 * The code as typed (any case, spaces, dashes, with or without the prefix) in its one spelling of 20
 * symbols, or null when it cannot be a code at all.
 */
export function normaliseGiftCode(input: string): string | null {
  let bare = input.toUpperCase().replace(/[\s\-_.]/g, '');
  if (bare.length === CODE_LENGTH + PREFIX.length && bare.startsWith(PREFIX)) bare = bare.slice(PREFIX.length);
  if (bare.length !== CODE_LENGTH) return null;
  for (const symbol of bare) if (!GIFT_CODE_ALPHABET.includes(symbol)) return null;
  return bare;
}

const HASH_KEY = 'giftCardCodeKey';
const SEAL_KEY = 'giftCardSealKey';

/** What the database finds a card by: an HMAC of the normalised code under this installation's key. */
export async function hashGiftCode(db: Db, bare: string): Promise<string> {
  return createHmac('sha256', await installationKey(db, HASH_KEY))
    .update(bare)
    .digest('base64url');
}

/** The code sealed for the buyer's page and resends (AES-256-GCM): a copy of the table redeems nothing. */
export async function sealGiftCode(db: Db, code: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await installationKey(db, SEAL_KEY), iv);
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The printed code back from its seal. */
export async function openGiftCode(db: Db, sealed: string): Promise<string> {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await installationKey(db, SEAL_KEY), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
