import { atom } from 'nanostores';
import { call, errorMessage, isLoginRequired } from '@/api/client';
import type { UserInfo } from '@/shared/contracts/auth';
import { isOfferedLanguage, type Language } from '@/shared/languages';
import { $language, setLanguage } from './language';
import { toast } from './toast';

/** The signed-in customer as `/v1/user/info` reports them; null until the first answer arrives. */
export const $user = atom<UserInfo | null>(null);

/** Where a signed-out visitor is sent; an object so tests can watch a navigation the test DOM cannot make. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.href = url;
  },
};

/** The login page, bringing the visitor back to the page they were on. */
export function loginRedirectURL(): string {
  return `/login?redirectURL=${encodeURIComponent(location.pathname + location.search)}`;
}

export interface LoadUserOptions {
  /** The toast's prefix in the current language: 'Error getting user info: '. */
  errorPrefix: string;
}

/**
 * Fetches the user info. "log in" in the failure sends the browser to the login page; any other
 * failure raises a destructive toast (spec section 8).
 */
export async function loadUser({ errorPrefix }: LoadUserOptions): Promise<UserInfo | null> {
  try {
    const { data } = await call('userInfo');
    $user.set(data);
    followAccountLanguage(data);
    return data;
  } catch (error) {
    if (isLoginRequired(error)) {
      browserNavigation.assign(loginRedirectURL());
      return null;
    }
    toast({ variant: 'destructive', description: errorPrefix + errorMessage(error) });
    return null;
  }
}

/**
 * Loads the user now and again whenever the page becomes visible, so a session ended in another tab
 * is noticed on return. Returns the cleanup.
 */
export function watchUser(options: () => LoadUserOptions): () => void {
  void loadUser(options());
  const onVisible = () => {
    if (document.visibilityState === 'visible') void loadUser(options());
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => document.removeEventListener('visibilitychange', onVisible);
}

/** Saves of the customer's choice still on their way to the account. */
let savingLanguage = 0;

/**
 * The account's language wins over this browser's: a second device opens in the language the
 * customer chose elsewhere. Skipped while a choice made here is being saved, so an answer read
 * before the save cannot switch the customer back.
 */
function followAccountLanguage(user: UserInfo): void {
  if (savingLanguage > 0) return;
  if (isOfferedLanguage(user.language) && user.language !== $language.get()) setLanguage(user.language);
}

/**
 * The customer picks a language in the dashboard: it switches at once and is saved to the account for
 * their mails and their other devices. A failed save is logged; the switch stands.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  setLanguage(language);
  const user = $user.get();
  if (user) $user.set({ ...user, language });
  savingLanguage += 1;
  try {
    await call('setLanguage', { language });
  } catch (error) {
    console.error('Could not save the language to the account', error);
  } finally {
    savingLanguage -= 1;
  }
}
