import { expect, test } from '@playwright/test';
import { REFERRAL_PROGRAM } from '../../src/shared/catalog/packages';
import { priceOf, usd } from '../support/prices';
import { signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';
import { DESKTOP, atTheOtherWidth, expectDashboardFrame } from './fixtures/viewports';
import { answerChoiceSteps, nextButton, progressText, question, uploadUsablePhotos } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

// The flow runs once, on a desktop; each screen it passes is checked on a phone too (gift cards run on
// a phone and check their screens on a desktop).
test(`[referrals] a customer copies their link, a friend signs up by it and orders with the discount, the customer sees the friend and the pending credit (desktop, its screens checked on a phone)`, async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const baseURL = testInfo.project.use.baseURL;
  const referrerEmail = freshEmail('referrer');
  const friendEmail = freshEmail('friend');
  const { friendDiscountCents, referrerCreditCents } = REFERRAL_PROGRAM;

  // The referrer's page: the link, the offer in catalog figures, and a Copy button that says Copied.
  const referrerContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  await referrerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(referrerContext, referrerEmail);
  const referrer = await referrerContext.newPage();
  await referrer.goto('/dashboard/referrals');
  const title = referrer.getByRole('heading', { level: 1, name: 'Referrals' });
  await expect(title).toBeVisible();
  const linkBox = referrer.getByRole('textbox', { name: 'Your referral link' });
  await expect(linkBox).toHaveValue(/\/r\/[2-9A-Z]{13}$/);
  const offer = referrer.getByText(`gets ${usd(friendDiscountCents)} off their first order`);
  await expect(offer).toBeVisible();
  await referrer.getByRole('button', { name: 'Copy' }).click();
  await expect(referrer.getByRole('button', { name: 'Copied' })).toBeVisible();
  const link = await referrer.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await linkBox.inputValue());
  const noFriends = referrer.getByText('No friends have joined through your link yet.');
  await expect(noFriends).toBeVisible();
  await atTheOtherWidth(referrer, async () => {
    await expectDashboardFrame(referrer);
    await expect(title).toBeVisible();
    await expect(linkBox).toBeVisible();
    await expect(linkBox).toHaveValue(link);
    await expect(offer).toBeVisible();
    await expect(referrer.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(noFriends).toBeVisible();
  });

  // The friend opens the link in their own browser, lands on the home page, and signs up.
  const friendContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend).toHaveURL(new RegExp(`^${baseURL}/$`));
  const home = friend.getByRole('heading', { level: 1 });
  await expect(home).toBeVisible();
  await atTheOtherWidth(friend, async () => {
    await expect(home).toBeVisible();
  });
  await signIn(friendContext, friendEmail);
  await friend.goto('/dashboard/referrals');
  const welcome = friend.getByTestId('referral-welcome');
  await expect(welcome).toContainText(usd(friendDiscountCents));
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText(usd(friendDiscountCents));
  });

  // Their first order: the checkout names the friend's welcome discount and takes it off.
  await friend.goto('/dashboard/newOrder');
  const doctor = friend.getByRole('link', { name: 'Doctor Photos', exact: true });
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expect(doctor).toBeVisible();
  });
  await doctor.click();
  await expect(friend.getByText(progressText('gender'))).toBeVisible();
  await answerChoiceSteps(friend);
  await uploadUsablePhotos(friend, await selfieFiles(6));
  await atTheOtherWidth(friend, async () => {
    await expect(question(friend, 'Upload your photos')).toBeVisible();
    await expect(friend.getByText('Minimum requirement met')).toBeVisible();
    await expect(nextButton(friend)).toBeVisible();
  });
  await nextButton(friend).click();
  await expect(question(friend, 'Choose your package')).toBeVisible();
  // Where the prices are shown, the wizard says the welcome discount applies at checkout.
  const expectPackages = async () => {
    await expect(friend.getByTestId('referral-offer')).toHaveText(
      `Your friend's welcome: ${usd(friendDiscountCents)} off your first order, applied at checkout.`,
    );
    await expect(friend.getByRole('button', { name: 'Choose Basic' })).toBeVisible();
  };
  await expectPackages();
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expect(question(friend, 'Choose your package')).toBeVisible();
    await expectPackages();
  });
  await friend.getByRole('button', { name: 'Choose Basic' }).click();
  const dialog = friend.getByRole('dialog');
  const total = priceOf('basic') - friendDiscountCents;
  const expectCheckout = async () => {
    await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    await expect(dialog.getByText("Friend's welcome")).toBeVisible();
    await expect(dialog.getByTestId('checkout-friend-discount')).toHaveText(`−${usd(friendDiscountCents)}`);
    await expect(dialog.getByTestId('checkout-total')).toHaveText(usd(total));
    await expect(dialog.getByRole('button', { name: `Pay ${usd(total)}` })).toBeVisible();
  };
  await expectCheckout();
  await atTheOtherWidth(friend, expectCheckout);
  await dialog.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  await expect(friend).toHaveURL(/\/dashboard\/orderPlaced\//);
  const confirmed = friend.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' });
  await expect(confirmed).toBeVisible();
  await atTheOtherWidth(friend, async () => {
    await expectDashboardFrame(friend);
    await expect(confirmed).toBeVisible();
  });

  // The referrer sees the friend (masked) and the pending credit.
  await referrer.reload();
  const friends = referrer.getByRole('list', { name: 'Friends who joined' });
  const expectFriendAndCredit = async () => {
    await expect(friends).toContainText(`${friendEmail[0]}•••@example.com`);
    await expect(friends).toContainText('Ordered: credit pending');
    await expect(referrer.getByTestId('credits-pending')).toHaveText(usd(referrerCreditCents));
    await expect(referrer.getByTestId('credits-available')).toHaveText(usd(0));
  };
  await expectFriendAndCredit();
  await atTheOtherWidth(referrer, async () => {
    await expectDashboardFrame(referrer);
    await expect(friends).toBeVisible();
    await expectFriendAndCredit();
  });
  await referrerContext.close();
  await friendContext.close();
});
