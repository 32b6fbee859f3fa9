import { navigate } from '@/stores/location';
import { preloadRoute } from './routes';

/**
 * The in-app path a click on a link should go to without reloading, or null when the browser should
 * handle it: other buttons, modifier keys (new tab or window), `target`, `download`, other origins,
 * and paths outside /dashboard, which are other pages of the site.
 */
export function inAppHref(event: MouseEvent, origin = location.origin): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return null;
  return url.pathname + url.search + url.hash;
}

/** The dashboard path a link points at, for preloading its page's code before the click. */
function dashboardLinkPath(target: EventTarget | null): string | null {
  const anchor = (target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== location.origin) return null;
  return anchor.pathname === '/dashboard' || anchor.pathname.startsWith('/dashboard/') ? anchor.pathname : null;
}

/**
 * Turns clicks on internal dashboard links into client-side navigation, and starts loading a page's
 * code when a link to it is pointed at or focused. Returns the cleanup.
 */
export function interceptLinkClicks(root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const path = dashboardLinkPath(event.target);
    if (path) preloadRoute(path);
  };
  const onClick = (event: MouseEvent) => {
    const to = inAppHref(event);
    if (to === null) return;
    event.preventDefault();
    if (to !== location.pathname + location.search + location.hash) navigate(to);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('pointerover', onIntent);
    root.removeEventListener('focusin', onIntent);
  };
}
