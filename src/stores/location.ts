import { atom } from 'nanostores';

/** The dashboard's current path; client-side navigation updates it and the browser history together. */
export const $path = atom<string>(typeof location === 'undefined' ? '/dashboard' : location.pathname + location.search);

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  $path.set(to);
  window.scrollTo({ top: 0 });
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => $path.set(location.pathname + location.search));
}
