import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mailsTo, signIn } from './fixtures/auth';
import { selfieFiles } from './fixtures/orders';
import { DESKTOP, atTheOtherWidth, expectDashboardFrame, type Size } from './fixtures/viewports';
import { answerChoiceSteps, nextButton, question, uploadUsablePhotos } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;
const sameOrigin = { 'sec-fetch-site': 'same-origin' };

/** The invitation's link in the n-th team mail to `email`, as a path of the dashboard. */
async function invitationPath(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await mailsTo(email)) {
      const match = /https?:\/\/[^\s/]+(\/dashboard\/team\/join\?invitation=[A-Za-z0-9_-]+)/.exec(mail.text ?? '');
      if (match) return match[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no team invitation mail for ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signedInPage(browser: Browser, baseURL: string | undefined, viewport: Size, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  await signIn(context, email);
  return context.newPage();
}

// The flow runs once, on a desktop; each screen it passes is checked on a phone too (gift cards run on
// a phone and check their screens on a desktop).
test(`[team] an admin buys seats and invites, the member orders on the team, the admin downloads the favorites (desktop, its screens checked on a phone)`, async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const baseURL = testInfo.project.use.baseURL;
  const teamName = `Acme ${Date.now()}${counter++}`;
  const adminEmail = freshEmail('team-admin');
  const memberEmail = freshEmail('team-member');
  const admin = await signedInPage(browser, baseURL, DESKTOP, adminEmail);

  // Any customer creates a team from the Team page and becomes its owner.
  await admin.goto('/dashboard/team');
  const createTeam = admin.getByRole('heading', { level: 2, name: 'Create a team' });
  const teamNameBox = admin.getByRole('textbox', { name: 'Team name' });
  await expect(createTeam).toBeVisible();
  await teamNameBox.fill(teamName);
  await atTheOtherWidth(admin, async () => {
    await expectDashboardFrame(admin);
    await expect(createTeam).toBeVisible();
    await expect(teamNameBox).toHaveValue(teamName);
    await expect(admin.getByRole('button', { name: 'Create team' })).toBeVisible();
  });
  await admin.getByRole('button', { name: 'Create team' }).click();
  const title = admin.getByRole('heading', { level: 1, name: teamName });
  await expect(title).toBeVisible();
  const seats = admin.getByRole('region', { name: 'Seats' });
  await expect(seats).toContainText(/Bought\s*0/);

  // Two Pro seats through the offline checkout, the same dialog an order pays in.
  await seats.getByRole('combobox', { name: 'Package per seat' }).selectOption('pro');
  await seats.getByRole('spinbutton', { name: 'Seats', exact: true }).fill('2');
  const seatsTotal = seats.getByText(/^2 seats: .+ in all$/);
  await expect(seatsTotal).toBeVisible();
  await atTheOtherWidth(admin, async () => {
    await expectDashboardFrame(admin);
    await expect(title).toBeVisible();
    await expect(seats).toContainText(/Bought\s*0/);
    await expect(seats.getByRole('combobox', { name: 'Package per seat' })).toHaveValue('pro');
    await expect(seats.getByRole('spinbutton', { name: 'Seats', exact: true })).toHaveValue('2');
    await expect(seatsTotal).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Buy seats' })).toBeVisible();
  });
  await admin.getByRole('button', { name: 'Buy seats' }).click();
  const dialog = admin.getByRole('dialog');
  const expectCheckout = async () => {
    await expect(dialog.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    await expect(dialog.getByText('Test mode: no real payment is taken')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Pay / })).toBeVisible();
    // The summary names what is bought: two seats, not an order's style, portraits and delivery.
    const summary = dialog.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(/Item\s*2 Pro seats/);
    await expect(summary).not.toContainText(/Style|Delivery|catalog\./);
  };
  await expectCheckout();
  await atTheOtherWidth(admin, expectCheckout);
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog).toHaveCount(0);
  const purchases = admin.getByRole('region', { name: 'Purchases' });
  const expectSeatsBought = async () => {
    await expect(seats).toContainText(/Bought\s*2/);
    await expect(seats).toContainText(/Free\s*2/);
    await expect(purchases).toContainText('2 Pro seats');
    await expect(purchases.getByRole('button', { name: 'Refund unused seats' })).toBeVisible();
  };
  await expectSeatsBought();
  await atTheOtherWidth(admin, async () => {
    await expectDashboardFrame(admin);
    await expectSeatsBought();
  });

  // One fixed look: Doctor Photos, scrubs in a clinic.
  const brand = admin.getByRole('region', { name: 'Brand' });
  await brand.getByRole('radio', { name: /^One fixed look/ }).check();
  await brand.getByRole('combobox', { name: 'Style' }).selectOption('doctor');
  await brand.getByRole('radio', { name: 'Scrubs', exact: true }).check();
  await brand.getByRole('radio', { name: 'Clinic', exact: true }).check();
  await atTheOtherWidth(admin, async () => {
    await expect(brand.getByRole('radio', { name: /^One fixed look/ })).toBeChecked();
    await expect(brand.getByRole('combobox', { name: 'Style' })).toHaveValue('doctor');
    await expect(brand.getByRole('radio', { name: 'Scrubs', exact: true })).toBeChecked();
    await expect(brand.getByRole('radio', { name: 'Clinic', exact: true })).toBeChecked();
    await expect(brand.getByRole('button', { name: 'Save brand' })).toBeVisible();
  });
  await brand.getByRole('button', { name: 'Save brand' }).click();
  await expect(admin.getByText('Brand saved.', { exact: true })).toBeVisible();

  // Addresses pasted from a CSV file: the header and the names are left out.
  const invite = admin.getByRole('region', { name: 'Invite people' });
  await invite.getByRole('textbox', { name: 'Email addresses' }).fill(`name,email\n"Doe, Jane",${memberEmail}\n`);
  const found = invite.getByText('1 address found');
  await expect(found).toBeVisible();
  await invite.getByRole('combobox', { name: 'Language of the mail' }).selectOption('us');
  await atTheOtherWidth(admin, async () => {
    await expect(found).toBeVisible();
    await expect(invite.getByRole('combobox', { name: 'Language of the mail' })).toHaveValue('us');
    await expect(invite.getByRole('button', { name: 'Invite 1 person' })).toBeVisible();
  });
  await invite.getByRole('button', { name: 'Invite 1 person' }).click();
  const invited = invite.getByRole('status');
  await expect(invited).toHaveText('1 person invited.');
  const members = admin.getByRole('region', { name: /^Members/ });
  const memberRow = members.getByRole('row').filter({ hasText: memberEmail });
  await expect(memberRow).toContainText('Invited');
  await atTheOtherWidth(admin, async () => {
    await expectDashboardFrame(admin);
    await expect(invited).toHaveText('1 person invited.');
    await expect(memberRow).toBeVisible();
    await expect(memberRow).toContainText('Invited');
  });

  // The member signs in, and joins from the invitation mail's link.
  const member = await signedInPage(browser, baseURL, DESKTOP, memberEmail);
  await member.goto(await invitationPath(memberEmail));
  await expect(member).toHaveURL(/\/dashboard\/team\/join$/);
  const favoritesNotice = member.getByText(`${teamName} sees the portraits you mark as favorites, never your selfies.`);
  const expectJoinPage = async () => {
    await expect(member.getByRole('heading', { level: 1, name: `Your portraits with ${teamName}` })).toBeVisible();
    await expect(member.getByText(`Your portraits are paid for by ${teamName}`)).toBeVisible();
    await expect(favoritesNotice).toBeVisible();
    await expect(member.getByRole('link', { name: 'Start my portraits' })).toBeVisible();
  };
  await expectJoinPage();
  await atTheOtherWidth(member, async () => {
    await expectDashboardFrame(member);
    await expectJoinPage();
  });
  await member.getByRole('link', { name: 'Start my portraits' }).click();

  // The team's category opens directly; its look is preset and says who chose it.
  await expect(member).toHaveURL(/\/dashboard\/createOrder\/doctor\?team=1$/);
  const chosenBy = member.getByText(`Chosen by ${teamName}`).first();
  await expect(chosenBy).toBeVisible();
  await atTheOtherWidth(member, async () => {
    await expectDashboardFrame(member);
    await expect(chosenBy).toBeVisible();
  });
  await answerChoiceSteps(member);
  await uploadUsablePhotos(member, await selfieFiles());
  await atTheOtherWidth(member, async () => {
    await expect(question(member, 'Upload your photos')).toBeVisible();
    await expect(member.getByText('Minimum requirement met')).toBeVisible();
    await expect(nextButton(member)).toBeVisible();
  });
  await nextButton(member).click();

  // No packages and no payment: the order goes on the team.
  const expectNothingToPay = async () => {
    await expect(question(member, 'Choose your package')).toBeVisible();
    await expect(member.getByText(`Paid for by ${teamName}: nothing to pay.`)).toBeVisible();
    await expect(member.getByRole('button', { name: /^Pay / })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Place my order' })).toBeVisible();
  };
  await expectNothingToPay();
  await atTheOtherWidth(member, async () => {
    await expectDashboardFrame(member);
    await expectNothingToPay();
  });
  await member.getByRole('button', { name: 'Place my order' }).click();
  await expect(member).toHaveURL(/\/dashboard\/orderPlaced\/[^/?]+/);
  const orderId = new URL(member.url()).pathname.split('/').pop()!;
  const confirmed = member.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' });
  await expect(confirmed).toBeVisible();
  await atTheOtherWidth(member, async () => {
    // The page's line "A confirmation ... is on its way to <address>" wraps an address as long as this one.
    await expectDashboardFrame(member);
    await expect(confirmed).toBeVisible();
  });

  // The admin sees the member's status move on.
  await admin.reload();
  const movedOn = /Photos uploaded|Generating|Done/;
  await expect(memberRow).toContainText(movedOn);
  await atTheOtherWidth(admin, async () => {
    await expectDashboardFrame(admin);
    await expect(memberRow).toContainText(movedOn);
  });

  // The order is the member's own: they mark a favorite once it is ready.
  await expect
    .poll(async () => (await (await member.request.post('/v1/order/info', { data: { orderId }, headers: sameOrigin })).json()).data.status, {
      timeout: 180_000,
    })
    .toBe('completed');
  await member.goto(`/dashboard/photoSelector/${orderId}`);
  const favorite = member.getByRole('button', { name: 'Favorite photo 1', exact: true });
  await expect(favoritesNotice).toBeVisible();
  await atTheOtherWidth(member, async () => {
    await expectDashboardFrame(member);
    await expect(favoritesNotice).toBeVisible();
    await expect(favorite).toBeVisible();
  });
  const saved = member.waitForResponse((r) => r.url().endsWith('/v1/order/setFavorite') && r.ok());
  await favorite.click();
  await saved;

  // The admin sees Done and the favorite, never the selfies, and downloads the favorites as one zip. On a
  // phone the favorites column is folded under the address: the favorite shows there.
  await admin.reload();
  const expectDoneWithFavorite = async () => {
    await expect(memberRow).toContainText('Done');
    await expect(memberRow.getByRole('img', { name: 'Favorite portrait 1' })).toBeVisible();
    await expect(members.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /\/members\.csv$/);
    await expect(members.getByRole('link', { name: 'Download favorites (zip)' })).toBeVisible();
  };
  await expectDoneWithFavorite();
  await atTheOtherWidth(admin, async () => {
    await expectDashboardFrame(admin);
    await expectDoneWithFavorite();
  });
  const downloading = admin.waitForEvent('download');
  await members.getByRole('link', { name: 'Download favorites (zip)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  await admin.context().close();
  await member.context().close();
});
