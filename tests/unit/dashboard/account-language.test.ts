// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@/shared/contracts/auth';
import { LANGUAGE_STORAGE_KEY } from '@/shared/languages';
import { $language, setLanguage } from '@/stores/language';
import { $user, chooseLanguage, loadUser } from '@/stores/user';

const PREFIX = 'Error getting user info: ';

function user(language: UserInfo['language']): UserInfo {
  return { nickName: 'jane.doe', email: 'jane.doe@example.com', avatar: null, operator: false, language, team: null };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers the user info with `info` and the language call with `saved`. */
function server(info: UserInfo, saved: () => Promise<Response> = async () => json(200, { code: 0, message: 'success', data: { language: 'us' } })) {
  return vi.fn(async (url: string) => (url === '/v1/user/info' ? json(200, { code: 0, message: 'success', data: info }) : saved()));
}

function languageCalls(fetch: ReturnType<typeof server>) {
  return fetch.mock.calls.filter(([url]) => url === '/v1/user/language');
}

describe("[language] the account's language", () => {
  beforeEach(() => setLanguage('us'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    $user.set(null);
    setLanguage('us');
  });

  it("wins over the browser's when the user info arrives, without being saved back", async () => {
    const fetch = server(user('jp'));
    vi.stubGlobal('fetch', fetch);
    await loadUser({ errorPrefix: PREFIX });
    expect($language.get()).toBe('jp');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('jp');
    expect(languageCalls(fetch)).toEqual([]);
  });

  it('leaves the dashboard alone when the account already speaks its language', async () => {
    setLanguage('fr');
    const fetch = server(user('fr'));
    vi.stubGlobal('fetch', fetch);
    await loadUser({ errorPrefix: PREFIX });
    expect($language.get()).toBe('fr');
    expect(languageCalls(fetch)).toEqual([]);
  });

  it('is not followed when it is not offered to visitors', async () => {
    vi.stubGlobal('fetch', server(user('es')));
    await loadUser({ errorPrefix: PREFIX });
    expect($language.get()).toBe('us');
  });

  it('switches the dashboard at once when the customer chooses, and saves it to the account', async () => {
    vi.stubGlobal('fetch', server(user('us')));
    await loadUser({ errorPrefix: PREFIX });
    const fetch = server(user('us'), async () => json(200, { code: 0, message: 'success', data: { language: 'kr' } }));
    vi.stubGlobal('fetch', fetch);

    const saved = chooseLanguage('kr');
    expect($language.get()).toBe('kr');
    expect($user.get()?.language).toBe('kr');
    await saved;
    const [[, init]] = languageCalls(fetch) as unknown as [[string, RequestInit]];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(String(init.body))).toEqual({ language: 'kr' });
  });

  it('keeps the switch and logs when the account cannot be saved', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      server(user('us'), async () => json(500, { code: 500, message: 'Something went wrong on our side; please try again', data: null })),
    );
    await chooseLanguage('de');
    expect($language.get()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(logged).toHaveBeenCalledWith('Could not save the language to the account', expect.anything());
  });

  it('is not switched back by a user info read while the choice is being saved', async () => {
    let finishSave: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      server(user('us'), () => new Promise<Response>((resolve) => (finishSave = resolve))),
    );
    const saved = chooseLanguage('cn');
    await loadUser({ errorPrefix: PREFIX });
    expect($language.get()).toBe('cn');
    finishSave(json(200, { code: 0, message: 'success', data: { language: 'cn' } }));
    await saved;
    expect($language.get()).toBe('cn');
  });
});
