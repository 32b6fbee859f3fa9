import { expect, test, type Page } from '@playwright/test';
import { CHOICE_STEPS } from '../../src/shared/catalog/wizard';
import { selfies, writePhotos } from '../support/face-photos';
import { signIn } from './fixtures/auth';
import { DESKTOP, PHONE, atTheOtherWidth } from './fixtures/viewports';
import { answerStep, chosenControl, doctorAnswers, progressText, question, uploadUsablePhotos } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

const WIZARD = '/dashboard/createOrder/doctor';
const photosReady = (page: Page) => page.getByText('Minimum requirement met');
const photoThumbs = (page: Page) => page.getByRole('img', { name: /^Photo \d+ looks good$/ });

test.describe('[drafts] the order being put together survives', () => {
  let photos: string[];
  test.beforeAll(async () => {
    photos = writePhotos(
      'drafts-e2e',
      (await selfies(6)).map((bytes, i) => ({ name: `selfie-${i + 1}.jpg`, bytes })),
    );
  });

  // The flow runs once, on a phone; each step it passes is checked on a desktop too.
  test('[drafts] a reload at every step keeps the answers and photos, and Back and Forward move one step (phone, its screens checked on a desktop)', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await signIn(page, freshEmail(`draft-${PHONE.width}`));
    await page.goto(WIZARD);
    const answers = doctorAnswers();

    for (const [i, step] of CHOICE_STEPS.entries()) {
      await expect(page.getByText(progressText(step.id))).toBeVisible();
      await page.reload();
      await expect(page.getByText(progressText(step.id))).toBeVisible();
      // The step put back by the reload, with its choices, on a desktop.
      await atTheOtherWidth(page, async () => {
        await expect(page.getByText(progressText(step.id))).toBeVisible();
        await expect(chosenControl(page, step, answers)).toBeVisible();
      });
      // Every answer given so far is still chosen: Back shows the previous step's.
      if (i > 0) {
        await page.goBack();
        const previous = CHOICE_STEPS[i - 1]!;
        await expect(page.getByText(progressText(previous.id))).toBeVisible();
        await expect(chosenControl(page, previous, answers)).toBeChecked();
        await atTheOtherWidth(page, async () => {
          await expect(page.getByText(progressText(previous.id))).toBeVisible();
          await expect(chosenControl(page, previous, answers)).toBeChecked();
        });
        await page.goForward();
        await expect(page.getByText(progressText(step.id))).toBeVisible();
      }
      await answerStep(page, step, answers);
    }

    await expect(question(page, 'Upload your photos')).toBeVisible();
    await uploadUsablePhotos(page, photos);
    await page.reload();
    const expectPhotosKept = async (tab: Page) => {
      await expect(tab.getByText(progressText('photoUpload'))).toBeVisible();
      await expect(photoThumbs(tab)).toHaveCount(6);
    };
    await expectPhotosKept(page);
    await expect(photosReady(page)).toBeVisible();
    await atTheOtherWidth(page, async () => {
      await expectPhotosKept(page);
      await expect(photosReady(page)).toBeVisible();
    });

    // A second tab opens on the same order; each tab keeps its own place in it. It is a desktop's, as
    // a new tab of this context has always been.
    const second = await context.newPage();
    await second.setViewportSize(DESKTOP);
    await second.goto(WIZARD);
    await expectPhotosKept(second);
    await second.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(second.getByText(progressText('packageSelection'))).toBeVisible();
    await second.close();
    await page.reload();
    await expectPhotosKept(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText(progressText('packageSelection'))).toBeVisible();
    await atTheOtherWidth(page, async () => {
      await expect(page.getByText(progressText('packageSelection'))).toBeVisible();
      await expect(question(page, 'Choose your package')).toBeVisible();
    });

    // Back from the package step is the photo step with its photos, and the wizard's own Back agrees.
    await page.goBack();
    await expectPhotosKept(page);
    await atTheOtherWidth(page, async () => {
      await expectPhotosKept(page);
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    });
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByText(progressText('glass'))).toBeVisible();
    await page.goForward();
    await expect(page.getByText(progressText('photoUpload'))).toBeVisible();
  });

  test('[drafts] on a phone, Back stays in the wizard, Start over clears it, and logging out forgets it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    const email = freshEmail('draft-phone');
    await signIn(page, email);
    await page.goto(WIZARD);
    const answers = doctorAnswers();
    const [gender, age, skin, hair] = CHOICE_STEPS;
    for (const step of [gender!, age!, skin!, hair!]) await answerStep(page, step, answers);
    await expect(page.getByText(progressText('hairLength'))).toBeVisible();

    // The phone's back gesture goes one step back, not out to New Order.
    await page.goBack();
    await expect(page.getByText(progressText('hairColor'))).toBeVisible();
    await expect(chosenControl(page, hair!, answers)).toBeChecked();

    // Start over asks first, and then nothing is kept, not even after a reload.
    await page.getByRole('button', { name: 'Start over' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Start over?' });
    await expect(dialog.getByText('Your answers and photos for this order will be cleared.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep going' }).click();
    await expect(page.getByText(progressText('hairColor'))).toBeVisible();
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByText(progressText('gender'))).toBeVisible();
    await expect(chosenControl(page, gender!, answers)).not.toBeChecked();
    await page.reload();
    await expect(page.getByText(progressText('gender'))).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);

    // A new draft is forgotten by logging out: signing in again starts at the first step.
    for (const step of [gender!, age!]) await answerStep(page, step, answers);
    await expect(page.getByText(progressText('skinColor'))).toBeVisible();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('button', { name: new RegExp(email.split('@')[0]!) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    await signIn(page, email);
    await page.goto(WIZARD);
    await expect(page.getByText(progressText('gender'))).toBeVisible();
    await expect(chosenControl(page, gender!, answers)).not.toBeChecked();
  });
});
