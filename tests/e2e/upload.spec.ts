import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Cookie, type Page } from '@playwright/test';
import { badPhotos, photosOf, selfie, writePhotos } from '../support/face-photos';
import { signIn } from './fixtures/auth';
import { DESKTOP, PHONE, atTheOtherWidth, type Size } from './fixtures/viewports';
import { ANALYSIS_MS, answerChoiceSteps, fileInput, nextButton } from './fixtures/wizard';

let counter = 0;
const freshEmail = (name: string) => `${name}.${Date.now()}${counter++}@example.com`;

const mark = (page: Page, name: string) => page.getByRole('img', { name, exact: true });
const thumbnails = (page: Page) => page.getByRole('img', { name: /^Photo \d+$/ });

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** The summary's requirement line and the uploader-full message must never contradict each other. */
async function expectOneStory(page: Page, counter: string, requirement: string, summary: string) {
  await expect(page.getByText(counter, { exact: true })).toBeVisible();
  await expect(page.getByText(requirement, { exact: true })).toBeVisible();
  await expect(page.getByText(summary, { exact: true })).toBeVisible();
  await expect(page.getByText('You have added the maximum of 10 photos.')).toHaveCount(0);
}

test.describe('[photo-check] refused photos never block good ones', () => {
  let session: Cookie[];
  let files: Record<'good' | 'refused' | 'more' | 'replacement', string[]>;
  test.beforeAll(async ({ browser }, testInfo) => {
    const named = async (prefix: string, photos: Promise<Buffer>[]) =>
      writePhotos('upload-e2e', await Promise.all(photos.map(async (bytes, i) => ({ name: `${prefix}-${i + 1}.jpg`, bytes: await bytes }))));
    files = {
      good: await named(
        'good',
        [1, 2, 3, 4].map((n) => selfie('ada', n)),
      ),
      // A group, nobody, a face far away, a face cut off, a copy of photo 1, and someone else.
      refused: await named('refused', [
        badPhotos.group(),
        badPhotos.noFace(),
        badPhotos.tinyFace(),
        badPhotos.cutOff(),
        selfie('ada', 1),
        badPhotos.otherPerson(),
      ]),
      more: await named(
        'more',
        [5, 6].map((n) => selfie('ada', n)),
      ),
      replacement: await named('replacement', [selfie('ada', 10)]),
    };
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await signIn(context, freshEmail('uploader'));
    session = await context.cookies();
    await context.close();
  });
  test.beforeEach(async ({ context }) => {
    await context.addCookies(session);
  });

  // The flow runs once, on a phone; each screen it passes is checked on a desktop too. The desktop's
  // check that the first photo to fix is brought into view needs a photo to become the first to fix
  // there: the replacement of photo 5, which makes photo 6 the first, is done on the desktop.
  test('[photo-check] shows 4 usable and 6 refused photos as one story, adds good ones, replaces one in place and removes the refused at once (phone, its screens checked on a desktop)', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard/createOrder/doctor');
    await answerChoiceSteps(page);

    // Four good photos and six refused ones: 4 go towards the 10, and the uploader says so, once.
    await fileInput(page).setInputFiles([...files.good, ...files.refused]);
    const expectRefusedStory = async () => {
      await expect(thumbnails(page)).toHaveCount(10);
      for (const n of [1, 2, 3, 4]) await expect(mark(page, `Photo ${n} looks good`)).toBeVisible({ timeout: ANALYSIS_MS });
      for (const n of [5, 6, 7, 8, 9, 10]) await expect(mark(page, `Photo ${n} cannot be used`)).toHaveCount(1, { timeout: ANALYSIS_MS });
      await expectOneStory(page, 'Uploaded: 4/10', 'Please upload at least 6 photos', '4 photos ready, 6 need attention');
      for (const reason of [
        'More than one person. Use a photo of just you.',
        'We could not find a face: the photo may be too dark or blurry. Use a sharp, well-lit photo where your face is clearly visible.',
        'Your face is too small. Come closer or use a larger photo.',
        'Your face is cut off. Keep your whole face in the frame.',
        'Same picture as another photo. Use a different one.',
        'This looks like someone else. Use photos of one person only.',
      ])
        await expect(page.getByText(reason, { exact: true })).toHaveCount(1);
      await expect(nextButton(page)).toHaveCount(0);
    };
    await expectRefusedStory();
    expect(await blockingViolations(page), `refused photos at ${PHONE.width}`).toEqual([]);

    // The summary comes first, above the dropzone and the tips; the first refused photo is brought
    // into view, clear of the sticky bar with Back.
    const summary = page.getByText('Uploaded: 4/10', { exact: true });
    const dropzone = page.getByText('Drag and drop your photos here, or click to choose', { exact: true });
    const tips = page.getByRole('heading', { name: 'Tips for great portraits' });
    const backButton = page.getByRole('button', { name: 'Back', exact: true });
    const expectSummaryFirst = async () => {
      const summaryBox = (await summary.boundingBox())!;
      expect(summaryBox.y).toBeLessThan((await dropzone.boundingBox())!.y);
    };
    /** The first photo to fix is on screen, and its mark clear of the sticky bar with Back. */
    const expectInViewClearOfTheBar = async (problem: ReturnType<typeof mark>) => {
      await expect(problem).toBeInViewport();
      const backBar = (await backButton.boundingBox())!;
      expect((await problem.boundingBox())!.y + 28).toBeLessThanOrEqual(backBar.y);
    };
    await expectSummaryFirst();
    const firstProblem = mark(page, 'Photo 5 cannot be used');
    await expectInViewClearOfTheBar(firstProblem);
    // On a phone the tips come after the photos.
    expect((await tips.boundingBox())!.y).toBeGreaterThan((await firstProblem.boundingBox())!.y);
    await atTheOtherWidth(page, async (size) => {
      await expectRefusedStory();
      expect(await blockingViolations(page), `refused photos at ${size.width}`).toEqual([]);
      await expectSummaryFirst();
    });

    // Refused photos take no place among the 10: two more good ones are added and bring Next.
    await fileInput(page).setInputFiles(files.more);
    const expectTwoMore = async () => {
      await expect(thumbnails(page)).toHaveCount(12);
      for (const n of [11, 12]) await expect(mark(page, `Photo ${n} looks good`)).toHaveCount(1, { timeout: ANALYSIS_MS });
      await expect(page.getByText('Uploaded: 6/10', { exact: true })).toBeVisible();
      await expect(page.getByText('Minimum requirement met', { exact: true })).toBeVisible();
      await expect(page.getByText('6 photos ready, 6 need attention', { exact: true })).toBeVisible();
      await expect(nextButton(page)).toBeVisible();
    };
    await expectTwoMore();

    // A refused photo is replaced where it is: the group photo (5) becomes a good one. On the desktop,
    // where photo 6, now the first to fix, is brought into view clear of the sticky bar.
    const expectReplaced = async () => {
      await expect(mark(page, 'Photo 5 looks good')).toHaveCount(1, { timeout: ANALYSIS_MS });
      await expect(thumbnails(page)).toHaveCount(12);
      await expect(page.getByText('More than one person. Use a photo of just you.')).toHaveCount(0);
      await expect(page.getByText('Uploaded: 7/10', { exact: true })).toBeVisible();
      await expect(page.getByText('7 photos ready, 5 need attention', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove photo 5' })).toBeFocused();
    };
    await atTheOtherWidth(page, async () => {
      await expectTwoMore();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Replace (Photo 5)' }).click();
      await (await chooser).setFiles(files.replacement);
      await expectReplaced();
      // The page may still be scrolling to it (smoothly): its place is waited for.
      const nextProblem = mark(page, 'Photo 6 cannot be used');
      await expect(nextProblem).toBeInViewport();
      await expect
        .poll(async () => (await nextProblem.boundingBox())!.y + 28 <= (await backButton.boundingBox())!.y, 'photo 6 clear of the bar with Back')
        .toBe(true);
    });
    await expectReplaced();

    // One click removes the five refused photos; the good ones stay, in their order.
    await page.getByRole('button', { name: 'Remove refused photos' }).click();
    const expectRefusedRemoved = async (size: Size) => {
      await expect(thumbnails(page)).toHaveCount(7);
      // Focus lands on the summary, which says what is left.
      await expect(page.locator(':focus')).toContainText('Uploaded: 7/10');
      await expect(page.getByRole('img', { name: /cannot be used$/ })).toHaveCount(0);
      for (const n of [1, 2, 3, 4, 5, 6, 7]) await expect(mark(page, `Photo ${n} looks good`)).toHaveCount(1);
      await expect(page.getByText('7 photos ready', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove refused photos' })).toHaveCount(0);
      await expect(nextButton(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${size.width}`).toBeLessThanOrEqual(size.width);
    };
    await expectRefusedRemoved(PHONE);
    await atTheOtherWidth(page, expectRefusedRemoved);
  });

  test('[photo-check] asks whose portraits these are with three photos of each of two people, and marks the other person once one is picked', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const [ada, cyd] = [await photosOf('ada', 3), await photosOf('cyd', 3)];
    const photos = writePhotos('upload-e2e-people', [
      ...ada.map((bytes, i) => ({ name: `ada-${i + 1}.jpg`, bytes })),
      ...cyd.map((bytes, i) => ({ name: `cyd-${i + 1}.jpg`, bytes })),
    ]);
    await page.setViewportSize(DESKTOP);
    await page.goto('/dashboard/createOrder/doctor');
    await answerChoiceSteps(page);
    await fileInput(page).setInputFiles(photos);
    await expect(page.getByText('Is this the person the portraits are for?', { exact: true })).toHaveCount(6, { timeout: ANALYSIS_MS });
    await expect(page.getByText('Tell us who the portraits are for', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Your photos show more than one person\./)).toBeVisible();
    // Nobody is accused while it is unclear whose order this is.
    for (const n of [1, 2, 3, 4, 5, 6]) await expect(mark(page, `Photo ${n} waits for you to choose the person`)).toHaveCount(1);
    await expect(page.getByRole('img', { name: /cannot be used$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove refused photos' })).toHaveCount(0);
    await expect(page.getByText('This looks like someone else. Use photos of one person only.')).toHaveCount(0);
    await expect(page.getByText('Uploaded: 6/10', { exact: true })).toBeVisible();
    expect(await blockingViolations(page), 'whose portraits').toEqual([]);

    await page.getByRole('button', { name: 'This person (Photo 5)' }).click();
    await expect(page.locator(':focus')).toContainText('Uploaded: 3/10');
    await expect(page.getByText('This looks like someone else. Use photos of one person only.')).toHaveCount(3);
    for (const n of [1, 2, 3]) await expect(mark(page, `Photo ${n} cannot be used`)).toHaveCount(1);
    for (const n of [4, 5, 6]) await expect(mark(page, `Photo ${n} looks good`)).toHaveCount(1);
    await expect(page.getByText('Uploaded: 3/10', { exact: true })).toBeVisible();
    await expect(page.getByText('Please upload at least 6 photos', { exact: true })).toBeVisible();
    // The pick can be changed: the photos marked as someone else offer it too.
    await expect(page.getByRole('button', { name: 'This person (Photo 2)' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove refused photos' }).click();
    await expect(thumbnails(page)).toHaveCount(3);
  });
});
