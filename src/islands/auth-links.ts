import { call } from '@/api/client';

/**
 * Auth-aware links (Get Started, Dashboard...): the HTML sends a visitor to the login page in the page's
 * language (`loginHref` in src/i18n/paths.ts), so they work without JavaScript; once the user info call
 * says the visitor is signed in, they are rewritten to `/dashboard?source={where}`. What it needs of the
 * page it reads from `<html>`.
 */
export function dashboardHref(where: string): string {
  return `/dashboard?source=${encodeURIComponent(where)}`;
}

/** Signed in means the user info call succeeded; any failure (401, network, another code) means not. */
export function isSignedIn(): Promise<boolean> {
  return call('userInfo').then(
    () => true,
    () => false,
  );
}

/** Points every `[data-auth-link]` element under `root` at the dashboard, for a signed-in visitor. */
export function applyAuthLinks(root: ParentNode): void {
  root.querySelectorAll<HTMLAnchorElement>('a[data-auth-link]').forEach((link) => {
    link.href = dashboardHref(link.dataset.authLink || 'site');
  });
}

/**
 * Stores the page's language as the visitor's, so the dashboard (and a sign-in on the way) opens in it.
 * BaseLayout writes the language and the storage key on `<html data-language data-language-key>`.
 */
export function rememberPageLanguage(root: Document = document): void {
  const { language, languageKey } = root.documentElement.dataset;
  if (!language || !languageKey) return;
  try {
    localStorage.setItem(languageKey, language);
  } catch {
    /* storage may be unavailable (private modes); the dashboard then opens in English */
  }
}

/** The sign-in and the dashboard, in any language: where a visitor takes the page's language along. */
const WAY_IN = /^(\/[a-z]{2})?\/(login|dashboard)(\/|$)/;

/**
 * The language of the page goes with the visitor into the sign-in and the dashboard: a sign-in page
 * stores its own at once (a mailed link may open in a browser that never saw the site), and elsewhere
 * a click on a link to either stores it before the browser follows the link.
 */
export function keepLanguageOnTheWayIn(root: Document = document): void {
  if (WAY_IN.test(root.location?.pathname ?? '')) rememberPageLanguage(root);
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link) return;
    if (WAY_IN.test(new URL((link as HTMLAnchorElement).href, root.baseURI).pathname)) rememberPageLanguage(root);
  });
}
