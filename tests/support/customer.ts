import { checkoutForm, makePhotos } from '../integration/helpers/photos';
import { readMails } from '../integration/helpers/smtp';
import { validAnswers } from './answers';

/** What a browser holds after signing in: the session cookie, and the headers of a same-site call. */
export interface Customer {
  email: string;
  cookie: string;
  json: Record<string, string>;
}

const sameSite = { 'sec-fetch-site': 'same-origin' };

/** The mails to `email` in an outbox folder, oldest first. */
async function mailsTo(outboxDir: string, email: string) {
  return (await readMails(outboxDir)).filter((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '').toLowerCase().includes(email.toLowerCase()));
}

/** The sign-in token of the newest mail to `email`, once more than `after` mails have come. */
async function latestLoginToken(outboxDir: string, email: string, after: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = await mailsTo(outboxDir, email);
    const token = mine.length > after ? /login\/verify\?token=([A-Za-z0-9_-]+)/.exec(mine.at(-1)!.text ?? '')?.[1] : undefined;
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no sign-in mail for ${email} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in over HTTP as a customer does: asks for a link, reads it from the outbox, spends it. */
export async function signInOverHttp(baseUrl: string, outboxDir: string, email: string): Promise<Customer> {
  const before = (await mailsTo(outboxDir, email)).length;
  const sent = await fetch(`${baseUrl}/v1/loginLink/send`, {
    method: 'POST',
    headers: { ...sameSite, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!sent.ok) throw new Error(`login link not sent: ${sent.status} ${await sent.text()}`);
  const token = await latestLoginToken(outboxDir, email, before);
  const verified = await fetch(`${baseUrl}/v1/loginLink/verify`, {
    method: 'POST',
    headers: { ...sameSite, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!verified.ok) throw new Error(`login link refused: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;
  return { email, cookie, json: { ...sameSite, cookie, 'content-type': 'application/json' } };
}

/** POSTs JSON as the dashboard does and returns the status and the envelope. */
export async function postJson(baseUrl: string, customer: Customer, url: string, body: unknown) {
  const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: customer.json, body: JSON.stringify(body) });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: callers read the data of whichever call they made
  let envelope: { data?: any; message?: string } = {};
  try {
    envelope = JSON.parse(text);
  } catch {
    // Not JSON: the caller looks at the status.
  }
  return { status: res.status, envelope };
}

/** Creates a checkout with six selfies for `packageId` (multipart, as the wizard sends it). */
export async function createCheckout(baseUrl: string, customer: Customer, packageId = 'beta') {
  const form = checkoutForm(
    (await makePhotos(6)).map((bytes) => ({ bytes })),
    { portraitInfo: validAnswers({ package: packageId }) },
  );
  const res = await fetch(`${baseUrl}/v1/stripe/checkout/create`, {
    method: 'POST',
    headers: { ...sameSite, cookie: customer.cookie, 'content-type': form.contentType },
    body: form.payload,
  });
  if (!res.ok) throw new Error(`checkout not created: ${res.status} ${await res.text()}`);
  const { orderId, clientSecret } = (await res.json()).data as { orderId: string; clientSecret: string };
  return { orderId, clientSecret };
}

/** Places and pays an order with the offline payment provider; returns its id. */
export async function placePaidOrderOverHttp(baseUrl: string, customer: Customer, packageId = 'beta'): Promise<string> {
  const { orderId, clientSecret } = await createCheckout(baseUrl, customer, packageId);
  const paid = await postJson(baseUrl, customer, '/v1/checkout/offline/pay', { clientSecret });
  if (paid.status !== 200) throw new Error(`order not paid: ${paid.status} ${JSON.stringify(paid.envelope)}`);
  return orderId;
}

/** The customer's view of an order: status, imageGenerated, progress. */
export async function orderInfo(baseUrl: string, customer: Customer, orderId: string) {
  const { status, envelope } = await postJson(baseUrl, customer, '/v1/order/info', { orderId });
  if (status !== 200) throw new Error(`order info failed: ${status} ${JSON.stringify(envelope)}`);
  return envelope.data as { status: string; imageGenerated: number; progress: number };
}

/** Polls until `check` returns a value, or throws after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
