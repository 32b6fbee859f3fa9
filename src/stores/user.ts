import { atom } from 'nanostores';
import { call, errorMessage, isLoginRequired } from '@/api/client';
import type { UserInfo } from '@/shared/contracts/auth';
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
