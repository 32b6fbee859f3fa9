import { sameSite, type TestApp } from './app';
import { sessionCookieOf } from './session';
import { mailsTo, tokenFromMail } from './smtp';

let requested = 0;

/** A client address of its own for every link request, so the per-address send limit never interferes. */
function freshAddress(): string {
  requested += 1;
  return `10.250.${Math.floor(requested / 250)}.${(requested % 250) + 1}`;
}

/** Requests a sign-in link for `email` (outbox mailer) and returns the token of the newest one mailed to it. */
export async function mailedToken(t: TestApp, email: string, extra: { redirectURL?: string } = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/loginLink/send', headers: sameSite, payload: { email, ...extra }, remoteAddress: freshAddress() });
  if (res.statusCode !== 200) throw new Error(`no sign-in link was sent to ${email}: ${res.body}`);
  const mails = await mailsTo(t.dataDir, email);
  return tokenFromMail(mails.at(-1)!);
}

/** Spends a sign-in link as the verify page does, optionally from a browser that already holds `cookie`. */
export function verifyLink(t: TestApp, token: string, { cookie, ip }: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/loginLink/verify',
    headers: { ...sameSite, ...(cookie ? { cookie } : {}) },
    payload: { token },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

/** Signs in by emailed link; returns the new session token (the `session` cookie's value). */
export async function signInByLink(t: TestApp, email: string, options: { cookie?: string; ip?: string } = {}): Promise<string> {
  const res = await verifyLink(t, await mailedToken(t, email), options);
  const cookie = sessionCookieOf(res.headers['set-cookie']);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in by link failed for ${email}: ${res.body}`);
  return cookie.value;
}
