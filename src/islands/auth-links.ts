import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language, isOfferedLanguage, localizePath } from '@/shared/i18n';

/**
 * Auth-aware links (Get Started, Dashboard...): rendered as the page's language's login page,
 * `/{lang}/login?source={where}`, so they work without JavaScript, and rewritten to
 * `/dashboard?source={where}` once the user info call says the visitor is signed in.
 */
export function authHref(where: string, signedIn: boolean, language: Language = DEFAULT_LANGUAGE): string {
  const base = signedIn ? '/dashboard' : localizePath('/login', language);
  return `${base}?source=${encodeURIComponent(where)}`;
}

/** Signed in means the user info call answered 2xx with `code` 0. */
export async function isSignedIn(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl('/v1/user/info', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) return false;
    const body = (await response.json()) as { code?: unknown };
    return body?.code === 0;
  } catch {
    return false;
  }
}

/** The language a page is in: BaseLayout writes it on `<html data-language>`. */
export function pageLanguage(root: Document = document): Language {
  const language = root.documentElement.dataset.language;
  return language && isOfferedLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Points every `[data-auth-link]` element under `root` at the login or the dashboard. */
export function applyAuthLinks(root: Document, signedIn: boolean): void {
  const language = pageLanguage(root);
  root.querySelectorAll<HTMLAnchorElement>('a[data-auth-link]').forEach((link) => {
    link.href = authHref(link.dataset.authLink || 'site', signedIn, language);
  });
}

/** Stores the page's language as the visitor's, so the dashboard (and a sign-in on the way) opens in it. */
export function rememberPageLanguage(root: Document = document): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, pageLanguage(root));
  } catch {
    /* storage may be unavailable (private modes); the dashboard then opens in English */
  }
}

/**
 * The language of the page a visitor leaves for the sign-in or the dashboard goes with them: a click
 * on a link to either stores it before the browser follows the link.
 */
export function keepLanguageOnTheWayIn(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link) return;
    const path = new URL((link as HTMLAnchorElement).href, root.baseURI).pathname;
    if (/^(\/[a-z]{2})?\/(login|dashboard)(\/|$)/.test(path)) rememberPageLanguage(root);
  });
}
