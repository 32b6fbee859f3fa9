import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for session cookies, login links and OAuth state. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash of a token is ever stored, so a database leak does not hand out sign-ins. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
