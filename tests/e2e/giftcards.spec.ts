import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailsTo, signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';
import { answerChoiceSteps, nextButton, question, uploadUsablePhotos } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

/** The redeem link in the gift card mail to `email`, as a path of the dashboard. */
async function redeemPath(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await mailsTo(email)) {
      const match = /https?:\/\/[^\s/]+(\/dashboard\/giftcards\?redeem=[A-Z0-9-]+)/.exec(mail.text ?? '');
      if (match) return match[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no gift card mail for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signedInPage(browser: Browser, baseURL: string | undefined, viewport: { width: number; height: number }, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  await signIn(context, email);
  return context.newPage();
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`[giftcards] on a ${device}`, () => {
    test(`[giftcards] a customer buys and mails a card, the recipient redeems it from the mail and orders with nothing to pay (${device})`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(240_000);
      const baseURL = testInfo.project.use.baseURL;
      const buyerEmail = freshEmail('gift-buyer');
      const friendEmail = freshEmail('gift-friend');
      const buyer = await signedInPage(browser, baseURL, viewport, buyerEmail);

      // A Basic card mailed today, with a message, paid in the offline checkout dialog.
      await buyer.goto('/dashboard/giftcards');
      await expect(buyer.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
      const buy = buyer.getByRole('region', { name: 'Buy a gift card' });
      await buy.getByRole('radio', { name: /^Basic/ }).check({ force: true });
      await buy.getByRole('radio', { name: 'Mail it to someone' }).check();
      await buy.getByRole('textbox', { name: 'Their email' }).fill(friendEmail);
      await buy.getByRole('textbox', { name: 'Their name (optional)' }).fill('Sam');
      await buy.getByRole('textbox', { name: 'Your message (optional)' }).fill('Happy birthday, Sam!');
      await buy.getByRole('button', { name: /^Buy for / }).click();
      const dialog = buyer.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await expect(dialog).toHaveCount(0);
      const mine = buyer.getByRole('region', { name: 'Your gift cards' });
      await expect(mine).toContainText('Gift card: Basic package');
      await expect(mine).toContainText('Sent');
      await expect(mine.getByRole('button', { name: 'Resend' })).toBeVisible();
      await expect(mine.getByRole('button', { name: 'Refund' })).toBeVisible();

      // The recipient opens the mail's link on their own account: the card's package shows before they confirm.
      const friend = await signedInPage(browser, baseURL, viewport, friendEmail);
      await friend.goto(await redeemPath(friendEmail));
      const redeem = friend.getByRole('region', { name: 'Redeem a gift card' });
      await expect(redeem.getByText(/^Gift card for the Basic package, from /)).toBeVisible();
      await expect(redeem.getByText('“Happy birthday, Sam!”')).toBeVisible();
      await redeem.getByRole('button', { name: 'Redeem it' }).click();
      await expect(redeem.getByText('Redeemed: the Basic package is yours.')).toBeVisible();
      await redeem.getByRole('button', { name: 'Start my order' }).click();

      // The wizard with the card applied: the package is the card's and there is nothing to pay.
      await expect(friend).toHaveURL(/\/dashboard\/newOrder\?giftcard=/);
      await friend.getByRole('link', { name: 'Doctor Photos', exact: true }).click();
      await expect(friend).toHaveURL(/\/dashboard\/createOrder\/doctor\?giftcard=/);
      await answerChoiceSteps(friend);
      await uploadUsablePhotos(friend, await selfieFiles());
      await nextButton(friend).click();
      await expect(question(friend, 'Choose your package')).toBeVisible();
      await expect(friend.getByText('Nothing to pay: your gift card pays for this order.')).toBeVisible();
      await expect(friend.getByRole('button', { name: /^Pay / })).toHaveCount(0);
      await friend.getByRole('button', { name: 'Place my order' }).click();
      await expect(friend).toHaveURL(/\/dashboard\/orderPlaced\/[^/?]+/);

      // The buyer sees the card redeemed; it can no longer be refunded.
      await buyer.reload();
      await expect(mine).toContainText('Redeemed');
      await expect(mine.getByRole('button', { name: 'Refund' })).toHaveCount(0);
      await buyer.context().close();
      await friend.context().close();
    });
  });
}
