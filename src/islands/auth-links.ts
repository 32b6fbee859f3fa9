/**
 * Auth-aware links (Get Started, Dashboard...): rendered as `/login?source={where}` so they work
 * without JavaScript, and rewritten to `/dashboard?source={where}` once the user info call says the
 * visitor is signed in.
 */
export function authHref(where: string, signedIn: boolean): string {
  const base = signedIn ? '/dashboard' : '/login';
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

/** Points every `[data-auth-link]` element under `root` at the login or the dashboard. */
export function applyAuthLinks(root: ParentNode, signedIn: boolean): void {
  root.querySelectorAll<HTMLAnchorElement>('a[data-auth-link]').forEach((link) => {
    link.href = authHref(link.dataset.authLink || 'site', signedIn);
  });
}
