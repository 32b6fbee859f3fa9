import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { referralCodes } from '../../db/schema.js';

/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. 31 letters, almost 5 bits each. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 13 letters of 31: over 64 bits, so links cannot be guessed by walking the space. */
export const REFERRAL_CODE_LENGTH = 13;

/** A fresh referral code: `REFERRAL_CODE_LENGTH` letters of the readable alphabet, each from its own random byte without bias. */
export function newReferralCode(): string {
  let code = '';
  while (code.length < REFERRAL_CODE_LENGTH) {
    for (const byte of randomBytes(32)) {
      // 248 = 8 × 31: bytes above it would favour the first letters.
      if (byte < 248 && code.length < REFERRAL_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** A code as typed or pasted: upper case, without spaces or dashes; null when it cannot be one. */
export function cleanReferralCode(raw: string | undefined | null): string | null {
  const code = raw?.replace(/[\s-]/g, '').toUpperCase() ?? '';
  return code.length === REFERRAL_CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The customer's referral code, made the first time it is asked for (two first views at once get the same one). */
export async function referralCodeOf(db: Db, userId: string, now: Date): Promise<string> {
  await db.insert(referralCodes).values({ userId, code: newReferralCode(), createdAt: now }).onConflictDoNothing({ target: referralCodes.userId });
  const [row] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
  if (!row) throw new Error(`user ${userId} was deleted while their referral code was made`);
  return row.code;
}

/** `${PUBLIC_URL}/r/<code>`: the link the customer shares. */
export const referralLink = (publicUrl: string, code: string) => `${publicUrl}/r/${code}`;
