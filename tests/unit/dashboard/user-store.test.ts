// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast } from '@/stores/toast';
import { $user, browserNavigation, loadUser, watchUser } from '@/stores/user';

const PREFIX = 'Error getting user info: ';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('[user] the user store', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    history.replaceState(null, '', '/dashboard/receipts?x=1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    $user.set(null);
    dismissToast();
    $toasts.set([]);
  });

  it('holds the user info on success', async () => {
    const fetch = answer(200, { code: 0, message: 'success', data: { nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false } });
    vi.stubGlobal('fetch', fetch);
    await loadUser({ errorPrefix: PREFIX });
    expect($user.get()).toEqual({ nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false });
    expect(fetch).toHaveBeenCalledWith('/v1/user/info', expect.objectContaining({ credentials: 'include' }));
    expect(assign).not.toHaveBeenCalled();
    expect($toasts.get()).toEqual([]);
  });

  it('sends a signed-out visitor to the login page with the current path and query', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 401, message: 'Please log in to continue', data: null }));
    await loadUser({ errorPrefix: PREFIX });
    expect(assign).toHaveBeenCalledWith(`/login?redirectURL=${encodeURIComponent('/dashboard/receipts?x=1')}`);
    expect($toasts.get()).toEqual([]);
    expect($user.get()).toBeNull();
  });

  it('raises a destructive toast for any other failure, and does not redirect', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 500, message: 'Something went wrong on our side; please try again', data: null }));
    await loadUser({ errorPrefix: PREFIX });
    expect(assign).not.toHaveBeenCalled();
    const [toast] = $toasts.get();
    expect(toast).toMatchObject({ variant: 'destructive', description: `${PREFIX}Something went wrong on our side; please try again` });
  });

  it('raises the toast for a network failure too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await loadUser({ errorPrefix: PREFIX });
    expect(assign).not.toHaveBeenCalled();
    expect($toasts.get()[0]?.description).toBe(`${PREFIX}Failed to fetch`);
  });

  it('loads on start and again when the page becomes visible', async () => {
    const fetch = answer(200, { code: 0, message: 'success', data: { nickName: 'a', email: 'a@example.com', avatar: null, operator: false } });
    vi.stubGlobal('fetch', fetch);
    const stop = watchUser(() => ({ errorPrefix: PREFIX }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));

    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));

    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
