// @vitest-environment happy-dom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoSelectorPage } from '@/dashboard/pages/photo-selector-page';
import type { OrderInfo } from '@/shared/contracts/order-info';
import { LIMITS } from '@/shared/limits';
import { $toasts, dismissToast } from '@/stores/toast';
import { stubViewport, WithI18n } from '../dashboard/helpers';

const ORDER_ID = '0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e';

const INFO: OrderInfo = {
  status: 'completed',
  imageGenerated: 4,
  imageTotal: 5,
  favoriteImages: [2, 3],
  progress: 100,
  expired: false,
  refundable: true,
  refreshable: false,
  portraitInfo: { type: 'doctor', package: 'basic', name: 'Doctor Photos' },
  portraits: [
    { no: 3, version: 0 },
    { no: 1, version: 0 },
    { no: 4, version: 2 },
    { no: 2, version: 0 },
  ],
  replacements: { included: 2, left: 2, pending: [], failed: [] },
  team: null,
  paidWithGiftCard: false,
  imageToken: 'token',
};

const ok = (data: unknown) => new Response(JSON.stringify({ code: 0, message: 'success', data }));

/** The API as the page sees it: the order info it answers now (`answer`), and the replacement calls it got. */
function stubApi(replace: (body: { orderId: string; no: number }) => Response) {
  const api = { info: INFO, replaced: [] as number[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      if (url === '/v1/order/info') return ok(api.info);
      if (url === '/v1/order/replacePortrait') {
        api.replaced.push(body.no);
        return replace(body);
      }
      return new Response(JSON.stringify({ code: 404, message: 'No such call', data: null }), { status: 404 });
    }),
  );
  return api;
}

function renderPage() {
  return render(
    <WithI18n>
      <PhotoSelectorPage params={{ orderId: ORDER_ID }} />
    </WithI18n>,
  );
}

const tileNumbers = (list: HTMLElement) => [...list.querySelectorAll('li[data-photo]')].map((li) => Number(li.getAttribute('data-photo')));

beforeEach(() => {
  stubViewport(false);
  dismissToast();
  $toasts.set([]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('[orders] the photo selector ranks the portraits and says when some are missing', () => {
  it('shows the grid best first with each version in the address, the favorites in the same order, and the shortfall', async () => {
    stubApi(() => ok({}));
    renderPage();
    const all = await screen.findByRole('list', { name: 'All photos' });
    expect(tileNumbers(all)).toEqual([3, 1, 4, 2]);
    // The thumbnails are decoration (alt=""): their buttons are named.
    const thumbs = [...all.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(thumbs[2]).toBe(`/v1/image/get/${ORDER_ID}/4?size=thumb&t=token&v=2`);
    expect(thumbs[0]).toBe(`/v1/image/get/${ORDER_ID}/3?size=thumb&t=token`);
    // The number on a tile stays the portrait's own.
    expect(within(all).getByRole('button', { name: 'Open photo 4' })).toBeTruthy();
    expect(screen.getByText(/4 of 5 portraits passed our likeness check\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Favorites (2)' }));
    expect(tileNumbers(await screen.findByRole('list', { name: 'Favorite photos' }))).toEqual([3, 2]);
  });
});

describe('[orders] replacing a portrait from the viewer', () => {
  it('confirms, shows the portrait being replaced, polls, and says politely when it failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(() => {
      api.info = { ...INFO, replacements: { ...INFO.replacements, left: 1, pending: [1] } };
      return ok({ no: 1, left: 1 });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open photo 1' }));
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByText('2 free replacements left')).toBeTruthy();

    await userEvent.click(within(viewer).getByRole('button', { name: 'Replace this portrait' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace portrait 1?' });
    expect(confirm.textContent).toContain('under the same number');
    expect(confirm.textContent).toContain('A replacement does not count as a download: your money-back guarantee still holds.');
    expect(confirm.textContent).toContain('This uses one of the 2 free replacements left for this order.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Replace portrait' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.replaced).toEqual([1]);
    const replacing = await within(viewer).findByRole('status', { name: 'Portrait 1 is being replaced' });
    expect(replacing.textContent).toBe('Replacing...');
    expect(within(viewer).getByRole('button', { name: 'Replace this portrait' }).hasAttribute('disabled')).toBe(true);
    expect(within(viewer).getByText('1 free replacement left')).toBeTruthy();

    // The new portrait could not be made: the old one stays and the replacement is given back.
    api.info = { ...INFO, replacements: { ...INFO.replacements, failed: [1] } };
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.replacementRefreshMs));
    await waitFor(() =>
      expect(within(viewer).getByRole('status', { name: '' }).textContent).toBe(
        'We could not make a better portrait this time: portrait 1 was kept and your free replacement was given back.',
      ),
    );
    expect(within(viewer).queryByRole('status', { name: 'Portrait 1 is being replaced' })).toBeNull();
    expect(within(viewer).getByText('2 free replacements left')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Replace this portrait' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the new version once it is in place', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(() => {
      api.info = { ...INFO, replacements: { ...INFO.replacements, left: 1, pending: [3] } };
      return ok({ no: 3, left: 1 });
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open photo 3' }));
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByRole('img', { name: 'Photo 3' }).getAttribute('src')).toBe(`/v1/image/get/${ORDER_ID}/3?size=preview&t=token`);
    // First in the ranking, third by number: the viewer says both.
    expect(within(viewer).getByRole('heading', { name: 'Photo 1 of 4' })).toBeTruthy();
    expect(within(viewer).getByText('Portrait 3')).toBeTruthy();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Replace this portrait' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Replace portrait' }));
    await within(viewer).findByRole('status', { name: 'Portrait 3 is being replaced' });

    api.info = {
      ...INFO,
      portraits: [
        { no: 1, version: 0 },
        { no: 4, version: 2 },
        { no: 3, version: 1 },
        { no: 2, version: 0 },
      ],
      replacements: { ...INFO.replacements, left: 1 },
    };
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.replacementRefreshMs));
    await waitFor(() =>
      expect(within(viewer).getByRole('img', { name: 'Photo 3' }).getAttribute('src')).toBe(`/v1/image/get/${ORDER_ID}/3?size=preview&t=token&v=1`),
    );
    expect(within(viewer).getByRole('heading', { name: 'Photo 1 of 4' })).toBeTruthy();
    expect(within(viewer).getByText('Portrait 3 was replaced.')).toBeTruthy();
    expect(within(viewer).getByText('1 free replacement left')).toBeTruthy();
  });

  it("shows the server's refusal in a toast, and the reason when none are left", async () => {
    stubApi(() => new Response(JSON.stringify({ code: 409, message: 'No free replacements left for this order', data: null }), { status: 409 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open photo 2' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace this portrait' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Replace portrait' }));
    await waitFor(() => expect($toasts.get()[0]).toMatchObject({ variant: 'destructive', description: 'No free replacements left for this order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it.each([
    ['none left', { replacements: { ...INFO.replacements, left: 0 } }, 'disabled'],
    ['a refunded order', { status: 'refunded' }, 'absent'],
    ['an expired order', { expired: true }, 'absent'],
    ['a package without replacements', { replacements: { ...INFO.replacements, included: 0, left: 0 } }, 'absent'],
  ] as const)('%s: the button is %s', async (_case, patch, expected) => {
    const api = stubApi(() => ok({}));
    api.info = { ...INFO, ...patch };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open photo 1' }));
    const button = within(screen.getByRole('dialog')).queryByRole('button', { name: 'Replace this portrait' });
    if (expected === 'absent') expect(button).toBeNull();
    else {
      expect(button?.hasAttribute('disabled')).toBe(true);
      expect(within(screen.getByRole('dialog')).getByText('No free replacements left')).toBeTruthy();
    }
  });
});
