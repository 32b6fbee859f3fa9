// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentEditDialog } from '@/dashboard/my-orders/comment-edit-dialog';
import { PhotoViewer } from '@/dashboard/photo-selector/photo-viewer';
import { MyOrdersPage } from '@/dashboard/pages/my-orders-page';
import type { Order } from '@/shared/contracts/orders';
import { $toasts, dismissToast } from '@/stores/toast';
import { stubViewport, WithI18n } from '../dashboard/helpers';

const ORDER: Order = {
  id: '0b7c2d4e-1f2a-4b3c-8d9e-0f1a2b3c4d5e',
  createdAt: new Date().toISOString(),
  status: 'completed',
  progress: 100,
  comment: 'For LinkedIn',
  portraitInfo: { type: 'doctor', package: 'basic', name: 'Doctor Photos' },
  imageGenerated: 40,
  favoriteImages: [],
  expired: false,
  refundBlock: 'downloaded',
  refreshable: false,
  refreshOf: null,
  payableUntil: null,
  paid: { amountCents: 3500, currency: 'usd', cardLast4: '4242' },
};

/** A fetch that answers `/v1/...` calls from a table of handlers, recording the bodies it got. */
function stubApi(handlers: Record<string, (body: Record<string, unknown>) => { status?: number; body: unknown }>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({ url, body });
    const handler = handlers[url];
    if (!handler) return new Response(JSON.stringify({ code: 404, message: 'No such call', data: null }), { status: 404 });
    const answer = handler(body);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

beforeEach(() => {
  // The dashboard page carries the site's support address (src/pages/dashboard.astro).
  document.documentElement.dataset.supportEmail = 'support@portrait-studio.example';
  stubViewport(false);
  dismissToast();
  $toasts.set([]);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('[orders] the Edit Comment dialog', () => {
  it('refuses a 101st character and counts n/100', async () => {
    render(
      <WithI18n>
        <CommentEditDialog order={{ ...ORDER, comment: '' }} onClose={() => {}} onSaved={() => {}} />
      </WithI18n>,
    );
    const input = screen.getByLabelText('Comment');
    expect(input).toHaveProperty('maxLength', 100);
    expect(screen.getByText('0/100')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(101) } });
    expect((input as HTMLInputElement).value).toHaveLength(100);
    expect(screen.getByText('100/100')).toBeTruthy();
  });

  it("saves, says 'Saved comment' and asks for a refetch", async () => {
    const { calls } = stubApi({ '/v1/order/setComment': () => ({ body: { code: 0, message: 'Saved comment', data: { comment: 'Website' } } }) });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <WithI18n>
        <CommentEditDialog order={{ ...ORDER, comment: '' }} onClose={onClose} onSaved={onSaved} />
      </WithI18n>,
    );
    await userEvent.type(screen.getByLabelText('Comment'), 'Website');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([{ url: '/v1/order/setComment', body: { orderId: ORDER.id, comment: 'Website' } }]);
    expect($toasts.get()[0]).toMatchObject({ title: 'Saved comment', variant: 'default' });
  });

  it("raises 'Error saving comment: ' with the server's message on failure", async () => {
    stubApi({ '/v1/order/setComment': () => ({ status: 400, body: { code: 400, message: 'Invalid comment: must be at most 100 characters', data: null } }) });
    const onSaved = vi.fn();
    render(
      <WithI18n>
        <CommentEditDialog order={ORDER} onClose={() => {}} onSaved={onSaved} />
      </WithI18n>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect($toasts.get()).toHaveLength(1));
    expect($toasts.get()[0]).toMatchObject({ variant: 'destructive', description: 'Error saving comment: Invalid comment: must be at most 100 characters' });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

/** The viewer on 20 photos, favorite 1 marked. */
function Viewer({ onIndexChange, index }: { onIndexChange: (i: number | null) => void; index: number | null }) {
  return (
    <WithI18n>
      <PhotoViewer
        orderId={ORDER.id}
        photos={Array.from({ length: 20 }, (_, i) => i + 1)}
        index={index}
        onIndexChange={onIndexChange}
        favorites={new Set([1])}
        onToggleFavorite={() => {}}
        onDownload={() => {}}
      />
    </WithI18n>
  );
}

describe('[orders] the photo viewer', () => {
  it('shows Photo 1 of 20, wraps to the last with ArrowLeft and to the first with ArrowRight', () => {
    const onIndexChange = vi.fn();
    const { rerender } = render(<Viewer index={0} onIndexChange={onIndexChange} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Photo 1 of 20' })).toBeTruthy();
    // The viewer shows the preview, never the deliverable (which would be a download).
    expect(within(dialog).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(`/v1/image/get/${ORDER.id}/1?size=preview`);
    expect(within(dialog).getByRole('button', { name: 'Favorite photo 1' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(onIndexChange).toHaveBeenLastCalledWith(19);
    rerender(<Viewer index={19} onIndexChange={onIndexChange} />);
    expect(screen.getByRole('heading', { name: 'Photo 20 of 20' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(onIndexChange).toHaveBeenLastCalledWith(0);
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(onIndexChange).toHaveBeenLastCalledWith(18);
  });

  it('closes on Escape', () => {
    const onIndexChange = vi.fn();
    render(<Viewer index={3} onIndexChange={onIndexChange} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onIndexChange).toHaveBeenLastCalledWith(null);
  });
});

describe('[orders] the My Orders page', () => {
  const listOf = (orders: Order[]) => ({ '/v1/order/list': () => ({ body: { code: 0, message: 'success', data: orders } }) });

  it('lists orders with their badges and actions, and refreshes every 60 seconds until unmounted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const orders: Order[] = [
      { ...ORDER, id: '11111111-1111-4111-8111-111111111111', status: 'processing', progress: 45, comment: '' },
      ORDER,
      { ...ORDER, id: '22222222-2222-4222-8222-222222222222', status: 'failed', progress: 10 },
      { ...ORDER, id: '33333333-3333-4333-8333-333333333333', status: 'pending', progress: 0, paid: null, payableUntil: '2026-11-21T15:42:00Z' },
      { ...ORDER, id: '44444444-4444-4444-8444-444444444444', refundBlock: null },
      { ...ORDER, id: '55555555-5555-4555-8555-555555555555', status: 'refunded', expired: true, refundBlock: 'refunded', progress: 100 },
      { ...ORDER, id: '66666666-6666-4666-8666-666666666666', portraitInfo: { type: 'doctor', package: 'refresh' }, refreshOf: ORDER.id },
    ];
    const { calls } = stubApi(listOf(orders));
    const { unmount } = render(
      <WithI18n>
        <MyOrdersPage />
      </WithI18n>,
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(within(rows[0]!).getByText('11111111')).toBeTruthy();
    expect(within(rows[0]!).getByText('Processing').getAttribute('data-status')).toBe('processing');
    expect(within(rows[0]!).getByText('45%')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'View order 11111111' }).getAttribute('href')).toBe(
      '/dashboard/photoSelector/11111111-1111-4111-8111-111111111111',
    );
    expect(within(rows[0]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(rows[1]!).getByText('Doctor Photos')).toBeTruthy();
    expect(within(rows[1]!).getByText('Basic')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete order 0B7C2D4E' })).toBeTruthy();
    const contact = within(rows[2]!).getByRole('link', { name: 'Contact support about order 22222222' }).getAttribute('href')!;
    expect(contact).toMatch(/^mailto:support@portrait-studio\.example\?subject=Help%20with%20order%2022222222&body=/);
    expect(decodeURIComponent(contact)).toContain('Order ID: 22222222-2222-4222-8222-222222222222');
    expect(decodeURIComponent(contact)).toContain('Status: Failed');
    // An unpaid order: pay it or discard it, until when, and no progress bar stuck at 0 %.
    expect(within(rows[3]!).getByRole('button', { name: 'Complete payment of order 33333333' })).toBeTruthy();
    expect(within(rows[3]!).getByRole('button', { name: 'Discard unpaid order 33333333' })).toBeTruthy();
    expect(within(rows[3]!).getByText(/^Not paid yet: you can pay until .+, then the order is removed\.$/)).toBeTruthy();
    expect(within(rows[3]!).queryByRole('progressbar')).toBeNull();
    expect(within(rows[3]!).getByText('No progress to show', { selector: '.sr-only' })).toBeTruthy();
    // Refunds: offered while the policy allows (before Delete), explained with whom to ask once they are not.
    expect(within(rows[1]!).queryByRole('button', { name: /Request refund/ })).toBeNull();
    expect(
      within(rows[1]!).getByText('The 7-day money-back guarantee no longer applies: portraits of this order were downloaded.', { exact: false }),
    ).toBeTruthy();
    const support = within(rows[1]!).getByRole('link', { name: 'Questions? Write to support@portrait-studio.example' });
    expect(support.getAttribute('href')).toMatch(/^mailto:support@portrait-studio\.example\?subject=Help%20with%20order%200B7C2D4E/);
    const refundable = within(rows[4]!)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(refundable.filter((name) => /^(Request|Delete).*order 44444444/.test(name ?? ''))).toEqual([
      'Request refund for order 44444444',
      'Delete order 44444444',
    ]);
    // Refunded: no progress, and it can be removed from the list.
    expect(within(rows[5]!).getByText('Refunded').getAttribute('data-status')).toBe('refunded');
    expect(within(rows[5]!).queryByRole('progressbar')).toBeNull();
    expect(within(rows[5]!).getByRole('button', { name: 'Remove order 55555555 from the list' })).toBeTruthy();
    // A refresh says which order it refreshes.
    expect(within(rows[6]!).getByText('Refresh of 0B7C2D4E')).toBeTruthy();
    // The reload is an icon button with a name, not a look-alike of an offer.
    const reload = screen.getByRole('button', { name: 'Refresh' });
    expect(reload.textContent).toBe('');

    expect(calls.filter((c) => c.url === '/v1/order/list')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls.filter((c) => c.url === '/v1/order/list')).toHaveLength(2);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(180_000));
    expect(calls.filter((c) => c.url === '/v1/order/list')).toHaveLength(2);
  });

  it('says when the list could not be loaded, with Retry, instead of claiming there are no orders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubApi({
      '/v1/order/list': () =>
        fail
          ? { status: 503, body: { code: 503, message: 'The service is briefly unavailable', data: null } }
          : { body: { code: 0, message: 'success', data: [ORDER] } },
    });
    render(
      <WithI18n>
        <MyOrdersPage />
      </WithI18n>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your orders could not be updated: The service is briefly unavailable');
    expect(alert.textContent).toContain('Your orders could not be loaded yet.');
    expect(screen.queryByText('No orders found')).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the last good list when a background refresh fails, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    stubApi({
      '/v1/order/list': () =>
        fail ? { status: 503, body: { code: 503, message: 'offline', data: null } } : { body: { code: 0, message: 'success', data: [ORDER] } },
    });
    render(
      <WithI18n>
        <MyOrdersPage />
      </WithI18n>,
    );
    await screen.findByRole('table');
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your orders could not be updated: offline');
    expect(alert.textContent).toMatch(/The list below is as of .+\./);
    expect(within(screen.getByRole('table')).getByText('0B7C2D4E')).toBeTruthy();
  });

  it('offers "Request refund instead" in the Delete dialog while the order can be refunded, and the refund dialog says how much and where', async () => {
    stubApi(listOf([{ ...ORDER, refundBlock: null }]));
    render(
      <WithI18n>
        <MyOrdersPage />
      </WithI18n>,
    );
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByRole('button', { name: 'Delete order 0B7C2D4E' }));
    const remove = await screen.findByRole('alertdialog', { name: 'Delete Order' });
    expect(remove.textContent).toContain('This order can still be refunded: our 7-day money-back guarantee gives you $35.00 back.');
    const buttons = within(remove)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons.indexOf('Request refund instead')).toBeLessThan(buttons.indexOf('Delete'));
    await userEvent.click(within(remove).getByRole('button', { name: 'Request refund instead' }));
    const refund = await screen.findByRole('alertdialog', { name: 'Request a refund?' });
    expect(refund.textContent).toContain('$35.00 goes back to the card ending in 4242 that paid for this order.');
    expect(within(refund).getByRole('button', { name: 'Refund $35.00' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { name: 'Delete Order' })).toBeNull();
  });

  it('discards an unpaid order after confirming, and reloads the list', async () => {
    const pending: Order = { ...ORDER, status: 'pending', paid: null, payableUntil: new Date(Date.now() + 3_600_000).toISOString() };
    let orders = [pending];
    const { calls } = stubApi({
      '/v1/order/list': () => ({ body: { code: 0, message: 'success', data: orders } }),
      '/v1/order/discard': () => {
        orders = [];
        return { body: { code: 0, message: 'Order discarded', data: null } };
      },
    });
    render(
      <WithI18n>
        <MyOrdersPage />
      </WithI18n>,
    );
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByRole('button', { name: 'Discard unpaid order 0B7C2D4E' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this unpaid order?' });
    expect(dialog.textContent).toContain('Order 0B7C2D4E was never paid. It is removed now with its photos, and nothing is charged.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard order' }));
    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/v1/order/discard')).toEqual([{ url: '/v1/order/discard', body: { orderId: ORDER.id } }]);
    expect($toasts.get()[0]).toMatchObject({ description: 'The unpaid order was discarded.' });
  });
});
