import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailsTo, signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';
import { PHONE, atTheOtherWidth, expectDashboardFrame, type Size } from './fixtures/viewports';
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

async function signedInPage(browser: Browser, baseURL: string | undefined, viewport: Size, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  await signIn(context, email);
  return context.newPage();
}

// The flow runs once, on a phone; each screen it passes is checked on a desktop too (referrals and team
// run on a desktop and check their screens on a phone).
test(`[giftcards] a customer buys and mails a card, the recipient redeems it from the mail and orders with nothing to pay (phone, its screens checked on a desktop)`, async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL;
  const buyerEmail = freshEmail('gift-buyer');
  const friendEmail = freshEmail('gift-friend');
  const buyer = await signedInPage(browser, baseURL, PHONE, buyerEmail);

  // A Basic card mailed today, with a message, paid in the offline checkout dialog.
  await buyer.goto('/dashboard/giftcards');
  const title = buyer.getByRole('heading', { level: 1, name: 'Gift Cards' });
  await expect(title).toBeVisible();
  const buy = buyer.getByRole('region', { name: 'Buy a gift card' });
  await buy.getByRole('radio', { name: /^Basic/ }).check({ force: true });
  await buy.getByRole('radio', { name: 'Mail it to someone' }).check();
  await buy.getByRole('textbox', { name: 'Their email' }).fill(friendEmail);
  await buy.getByRole('textbox', { name: 'Their name (optional)' }).fill('Sam');
  await buy.getByRole('textbox', { name: 'Your message (optional)' }).fill('Happy birthday, Sam!');
  const buyButton = buy.getByRole('button', { name: /^Buy for / });
  // The filled-in form, on a desktop.
  await atTheOtherWidth(buyer, async () => {
    await expectDashboardFrame(buyer);
    await expect(title).toBeVisible();
    await expect(buy.getByRole('radio', { name: /^Basic/ })).toBeChecked();
    await expect(buy.getByRole('radio', { name: 'Mail it to someone' })).toBeChecked();
    await expect(buy.getByRole('textbox', { name: 'Their email' })).toHaveValue(friendEmail);
    await expect(buy.getByRole('textbox', { name: 'Their name (optional)' })).toHaveValue('Sam');
    await expect(buy.getByRole('textbox', { name: 'Your message (optional)' })).toHaveValue('Happy birthday, Sam!');
    await expect(buyButton).toBeVisible();
  });
  await buyButton.click();
  const dialog = buyer.getByRole('dialog');
  const payHeading = dialog.getByRole('heading', { name: 'Complete Your Payment' });
  const pay = dialog.getByRole('button', { name: /^Pay / });
  // The summary names what is bought: a card, not an order's style, portraits and delivery.
  const summary = dialog.getByRole('region', { name: 'Order summary' });
  const expectCardSummary = async () => {
    await expect(summary).toContainText(/Item\s*Gift card: Basic package/);
    await expect(summary).not.toContainText(/Style|Delivery|catalog\./);
  };
  await expect(payHeading).toBeVisible();
  await expectCardSummary();
  await atTheOtherWidth(buyer, async () => {
    await expect(payHeading).toBeVisible();
    await expect(pay).toBeVisible();
    await expectCardSummary();
  });
  await pay.click();
  await expect(dialog).toHaveCount(0);
  const mine = buyer.getByRole('region', { name: 'Your gift cards' });
  const expectSentCard = async () => {
    await expect(mine).toContainText('Gift card: Basic package');
    await expect(mine).toContainText('Sent');
    await expect(mine.getByRole('button', { name: 'Resend' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Refund' })).toBeVisible();
  };
  // The form is ready for the next card: nothing of Sam's (address, name, message) carries over to it.
  const expectFreshForm = async () => {
    for (const name of ['Their email', 'Their name (optional)', 'Your message (optional)']) await expect(buy.getByRole('textbox', { name })).toHaveValue('');
    await expect(buy.getByRole('radio', { name: /^Basic/ })).toBeChecked();
  };
  await expectSentCard();
  await expectFreshForm();
  await atTheOtherWidth(buyer, async () => {
    await expectDashboardFrame(buyer);
    await expectSentCard();
    await expectFreshForm();
  });

  // The recipient opens the mail's link on their own account: the card's package shows before they confirm.
  const friend = await signedInPage(browser, baseURL, PHONE, friendEmail);
  await friend.goto(await redeemPath(friendEmail));
  const redeem = friend.getByRole('region', { name: 'Redeem a gift card' });
  const expectCardShown = async () => {
    await expect(redeem.getByText(/^Gift card for the Basic package, from /)).toBeVisible();
    await expect(redeem.getByText('“Happy birthday, Sam!”')).toBeVisible();
    await expect(redeem.getByRole('button', { name: 'Redeem it' })).toBeVisible();
  };
  await expectCardShown();
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expectCardShown();
  });
  await redeem.getByRole('button', { name: 'Redeem it' }).click();
  const redeemed = redeem.getByText('Redeemed: the Basic package is yours.');
  const startOrder = redeem.getByRole('button', { name: 'Start my order' });
  await expect(redeemed).toBeVisible();
  await atTheOtherWidth(friend, async () => {
    await expect(redeemed).toBeVisible();
    await expect(startOrder).toBeVisible();
  });
  await startOrder.click();

  // The wizard with the card applied: the package is the card's and there is nothing to pay.
  await expect(friend).toHaveURL(/\/dashboard\/newOrder\?giftcard=/);
  const doctor = friend.getByRole('link', { name: 'Doctor Photos', exact: true });
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expect(doctor).toBeVisible();
  });
  await doctor.click();
  await expect(friend).toHaveURL(/\/dashboard\/createOrder\/doctor\?giftcard=/);
  await answerChoiceSteps(friend);
  await uploadUsablePhotos(friend, await selfieFiles());
  await atTheOtherWidth(friend, async () => {
    await expect(question(friend, 'Upload your photos')).toBeVisible();
    await expect(friend.getByText('Minimum requirement met')).toBeVisible();
    await expect(nextButton(friend)).toBeVisible();
  });
  await nextButton(friend).click();
  const expectNothingToPay = async () => {
    await expect(question(friend, 'Choose your package')).toBeVisible();
    await expect(friend.getByText('Nothing to pay: your gift card pays for this order.')).toBeVisible();
    await expect(friend.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(friend.getByRole('button', { name: 'Place my order' })).toBeVisible();
  };
  await expectNothingToPay();
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expectNothingToPay();
  });
  await friend.getByRole('button', { name: 'Place my order' }).click();
  await expect(friend).toHaveURL(/\/dashboard\/orderPlaced\/[^/?]+/);
  const confirmed = friend.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' });
  await expect(confirmed).toBeVisible();
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expect(confirmed).toBeVisible();
  });

  // The buyer sees the card redeemed; it can no longer be refunded.
  await buyer.reload();
  const expectRedeemedCard = async () => {
    await expect(mine).toContainText('Redeemed');
    await expect(mine.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  };
  await expectRedeemedCard();
  await atTheOtherWidth(buyer, async () => {
    await expectDashboardFrame(buyer);
    await expectRedeemedCard();
  });
  await buyer.context().close();
  await friend.context().close();
});
