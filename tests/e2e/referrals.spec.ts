import { expect, test } from '@playwright/test';
import { REFERRAL_PROGRAM } from '../../src/shared/catalog/packages';
import { priceOf, usd } from '../support/prices';
import { signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';
import { answerChoiceSteps, nextButton, progressText, question, uploadUsablePhotos } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`[referrals] a customer copies their link, a friend signs up by it and orders with the discount, the customer sees the friend and the pending credit (${device})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const baseURL = testInfo.project.use.baseURL;
    const referrerEmail = freshEmail('referrer');
    const friendEmail = freshEmail('friend');
    const { friendDiscountCents, referrerCreditCents } = REFERRAL_PROGRAM;

    // The referrer's page: the link, the offer in catalog figures, and a Copy button that says Copied.
    const referrerContext = await browser.newContext({ baseURL, viewport });
    await referrerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(referrerContext, referrerEmail);
    const referrer = await referrerContext.newPage();
    await referrer.goto('/dashboard/referrals');
    await expect(referrer.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
    const linkBox = referrer.getByRole('textbox', { name: 'Your referral link' });
    await expect(linkBox).toHaveValue(/\/r\/[2-9A-Z]{13}$/);
    await expect(referrer.getByText(`gets ${usd(friendDiscountCents)} off their first order`)).toBeVisible();
    await referrer.getByRole('button', { name: 'Copy' }).click();
    await expect(referrer.getByRole('button', { name: 'Copied' })).toBeVisible();
    const link = await referrer.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await linkBox.inputValue());
    await expect(referrer.getByText('No friends have joined through your link yet.')).toBeVisible();

    // The friend opens the link in their own browser, lands on the home page, and signs up.
    const friendContext = await browser.newContext({ baseURL, viewport });
    const friend = await friendContext.newPage();
    await friend.goto(link);
    await expect(friend).toHaveURL(new RegExp(`^${baseURL}/$`));
    await signIn(friendContext, friendEmail);
    await friend.goto('/dashboard/referrals');
    await expect(friend.getByTestId('referral-welcome')).toContainText(usd(friendDiscountCents));

    // Their first order: the checkout names the friend's welcome discount and takes it off.
    await friend.goto('/dashboard/newOrder');
    await friend.getByRole('link', { name: 'Doctor Photos', exact: true }).click();
    await expect(friend.getByText(progressText('gender'))).toBeVisible();
    await answerChoiceSteps(friend);
    await uploadUsablePhotos(friend, await selfieFiles(6));
    await nextButton(friend).click();
    await expect(question(friend, 'Choose your package')).toBeVisible();
    // Where the prices are shown, the wizard says the welcome discount applies at checkout.
    await expect(friend.getByTestId('referral-offer')).toHaveText(
      `Your friend's welcome: ${usd(friendDiscountCents)} off your first order, applied at checkout.`,
    );
    await friend.getByRole('button', { name: 'Choose Basic' }).click();
    const dialog = friend.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    await expect(dialog.getByText("Friend's welcome")).toBeVisible();
    await expect(dialog.getByTestId('checkout-friend-discount')).toHaveText(`−${usd(friendDiscountCents)}`);
    const total = priceOf('basic') - friendDiscountCents;
    await expect(dialog.getByTestId('checkout-total')).toHaveText(usd(total));
    await dialog.getByRole('button', { name: `Pay ${usd(total)}` }).click();
    await expect(friend).toHaveURL(/\/dashboard\/orderPlaced\//);

    // The referrer sees the friend (masked) and the pending credit.
    await referrer.reload();
    const friends = referrer.getByRole('list', { name: 'Friends who joined' });
    await expect(friends).toContainText(`${friendEmail[0]}•••@example.com`);
    await expect(friends).toContainText('Ordered: credit pending');
    await expect(referrer.getByTestId('credits-pending')).toHaveText(usd(referrerCreditCents));
    await expect(referrer.getByTestId('credits-available')).toHaveText(usd(0));
    await referrerContext.close();
    await friendContext.close();
  });
}
