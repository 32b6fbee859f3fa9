import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures/auth';
import { serverGate } from './fixtures/gate';
import { placePaidOrder } from './fixtures/orders';

const freshEmail = (name: string) => `${name}.${Date.now()}@example.com`;
const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const tiles = (page: Page) => page.locator('li[data-photo]');

interface Info {
  status: string;
  portraits: { no: number; version: number }[];
  replacements: { included: number; left: number; pending: number[]; failed: number[] };
}

/** The `v` of an image address (0 when it has none). */
const versionOf = async (image: Locator) => Number(new URL((await image.getAttribute('src')) ?? '', 'http://x').searchParams.get('v') ?? 0);

/** The portrait numbers of the All grid, in the order the page shows them. */
const gridOrder = (page: Page) => tiles(page).evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-photo'))));

test.describe('[gallery] the likeness ranking and the free replacements', () => {
  test('[gallery] shows the portraits best first and replaces one from the viewer, at 1280 and 390 px', async ({ page }) => {
    // A beta order (20 portraits, each analysed by the likeness check) and two replacements.
    test.setTimeout(420_000);
    await signIn(page, freshEmail('replace'));
    // The order is held at the gate after 10 of its images, so the customer's view of an order whose
    // images are still being made is seen for sure, then let go.
    const gate = serverGate('likeness');
    await gate.hold(10);
    const seen: { percent: number; count: number }[] = [];
    const heading = page.getByRole('heading', { level: 1 });
    let orderId: string;
    try {
      orderId = await placePaidOrder(page, { packageId: 'beta' });
      // The likeness check chooses the best images once all are made: until then the selector's progress
      // rises and no portrait is shown, then all 20 arrive at once. The selector polls every 60 s; a
      // customer in a hurry presses Refresh.
      await page.goto(`/dashboard/photoSelector/${orderId}`);
      const look = async () => {
        // The header's button (the empty state has one too while no photo exists yet).
        const refresh = page.locator('main header').getByRole('button', { name: /^Refresh/ });
        await refresh.click();
        await expect(refresh).toBeEnabled();
        // Read without waiting: the order may finish between two reads, and the bar then goes.
        const [shown] = await page.getByText(/^\d+%$/).allTextContents();
        const percent = Number.parseInt(shown ?? '', 10);
        if (!Number.isNaN(percent) && seen.at(-1)?.percent !== percent) seen.push({ percent, count: await tiles(page).count() });
        return (await heading.textContent()) === 'Photo Selection';
      };
      await expect
        .poll(
          async () => {
            await look();
            return seen.some((s) => s.percent > 0);
          },
          { timeout: 120_000 },
        )
        .toBe(true);
      await gate.release();
      await expect.poll(look, { timeout: 240_000 }).toBe(true);
    } finally {
      await gate.release();
    }
    const orderInfo = async (): Promise<Info> => (await (await page.request.post('/v1/order/info', { data: { orderId }, headers: sameOrigin })).json()).data;
    const percents = seen.map((s) => s.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(
      percents.some((p) => p > 0 && p < 100),
      `progress seen: ${percents.join(', ')}`,
    ).toBe(true);
    // No portrait is shown while images are still being made (99 % is every image made, the best being stored).
    expect(
      seen.filter((s) => s.percent < 99).every((s) => s.count === 0),
      JSON.stringify(seen),
    ).toBe(true);
    await expect(heading).toHaveText('Photo Selection');
    await expect(tiles(page)).toHaveCount(20);
    expect((await orderInfo()).status).toBe('completed');
    const included = (await orderInfo()).replacements.included;
    expect(included).toBeGreaterThanOrEqual(2);

    for (const [size, left] of [
      [{ width: 1280, height: 900 }, included],
      [{ width: 390, height: 844 }, included - 1],
    ] as const) {
      await page.setViewportSize(size);

      // The grid shows the portraits in the order the page's own order info ranks them.
      const answer = page.waitForResponse((response) => response.url().endsWith('/v1/order/info') && response.request().method() === 'POST');
      await page.goto(`/dashboard/photoSelector/${orderId}`);
      const ranked = ((await (await answer).json()).data as Info).portraits;
      await expect(tiles(page)).toHaveCount(ranked.length);
      expect(await gridOrder(page)).toEqual(ranked.map((portrait) => portrait.no));

      // The best portrait, opened from the first tile.
      const no = ranked[0]!.no;
      await tiles(page)
        .first()
        .getByRole('button', { name: `Open photo ${no}` })
        .click();
      const viewer = page.getByRole('dialog');
      await expect(viewer.getByRole('heading', { name: `Photo 1 of ${ranked.length}` })).toBeVisible();
      const image = viewer.getByRole('img', { name: `Photo ${no}` });
      await expect(image).toBeVisible();
      const before = await versionOf(image);
      expect(before).toBe(ranked[0]!.version);
      await expect(viewer.getByText(left === 1 ? '1 free replacement left' : `${left} free replacements left`)).toBeVisible();

      const replace = viewer.getByRole('button', { name: 'Replace this portrait' });
      await expect(replace).toBeInViewport();
      await replace.click();
      const confirm = page.getByRole('alertdialog', { name: `Replace portrait ${no}?` });
      await expect(confirm).toContainText('under the same number');
      await expect(confirm).toContainText('does not count as a download');
      await confirm.getByRole('button', { name: 'Replace portrait' }).click();
      await expect(confirm).toHaveCount(0);

      // The new image takes the old one's place: another version, the same number, one replacement fewer.
      await expect.poll(() => versionOf(image), { timeout: 120_000 }).toBe(before + 1);
      await expect(viewer.getByRole('status').filter({ hasText: `Portrait ${no} was replaced.` })).toBeVisible();
      await expect(viewer.getByRole('heading', { name: `Photo 1 of ${ranked.length}` })).toBeVisible();
      if (left - 1 === 0) {
        await expect(viewer.getByText('No free replacements left')).toBeVisible();
        await expect(replace).toBeDisabled();
      } else {
        await expect(viewer.getByText(left - 1 === 1 ? '1 free replacement left' : `${left - 1} free replacements left`)).toBeVisible();
        await expect(replace).toBeEnabled();
      }
      await viewer.getByRole('button', { name: 'Close' }).click();
      await expect(viewer).toHaveCount(0);

      // In the grid too: its tile keeps its number and shows the new version, ranked by its new score.
      const after = await orderInfo();
      expect(after.replacements).toMatchObject({ left: left - 1, pending: [], failed: [] });
      expect(after.portraits.find((portrait) => portrait.no === no)?.version).toBe(before + 1);
      const tile = page.locator(`li[data-photo="${no}"]`);
      await expect(tile).toContainText(String(no));
      expect(await versionOf(tile.locator('img'))).toBe(before + 1);
      await expect.poll(() => gridOrder(page)).toEqual(after.portraits.map((portrait) => portrait.no));
    }
  });
});
