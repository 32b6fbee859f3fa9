import { expect } from 'vitest';
import { handleResumeGeneration } from '@/server/jobs/handlers';
import { sameSite, type TestApp } from './app';
import { mailsTo } from './smtp';

/** A gift card's code as the mails and the pages show it. */
export const GIFT_CODE = /GIFT(?:-[2-9A-Z]{4}){5}/;

/**
 * A Pro gift card bought by the holder of `buyerCookie`, mailed to `email`, paid through the offline checkout
 * (from `remoteAddress` when given) and sent by the sweep: its code, read from the mail `email` received.
 */
export async function mailedGiftCode(t: TestApp, buyerCookie: string, email: string, remoteAddress?: string): Promise<string> {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...sameSite, cookie: buyerCookie }, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const bought = await post('/v1/giftcards', { packageId: 'pro', language: 'us', delivery: 'mail', recipientEmail: email, recipientName: 'Pal' });
  expect(bought.statusCode, bought.body).toBe(200);
  expect((await post('/v1/checkout/offline/pay', { clientSecret: bought.json().data.clientSecret })).json()).toMatchObject({ code: 0 });
  await handleResumeGeneration(t.app.ctx)();
  const code = GIFT_CODE.exec((await mailsTo(t.dataDir, email)).at(-1)?.text ?? '')?.[0];
  if (!code) throw new Error(`no gift card was mailed to ${email}`);
  return code;
}
