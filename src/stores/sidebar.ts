import { atom } from 'nanostores';
import { SIDEBAR } from '@/shared/limits';

/**
 * The value `sidebar:state` holds in `cookieHeader` (`document.cookie` format): true when the sidebar
 * was left expanded, false when collapsed, null when there is no usable cookie.
 */
export function parseSidebarCookie(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR.cookieName) continue;
    const value = part.slice(eq + 1).trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return null;
}

/** The `document.cookie` assignment that remembers the expanded state for 7 days on every path. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR.cookieName}=${open}; path=/; max-age=${SIDEBAR.cookieMaxAgeSeconds}; samesite=lax`;
}

function readCookie(): boolean {
  if (typeof document === 'undefined') return true;
  return parseSidebarCookie(document.cookie) ?? true;
}

/** Desktop state: expanded (true) or collapsed to icons (false); read back from the cookie on load. */
export const $sidebarOpen = atom<boolean>(readCookie());

/** Mobile state: whether the slide-over panel is open. Never remembered. */
export const $sidebarOpenMobile = atom<boolean>(false);

/** Expands or collapses the desktop sidebar and remembers the choice in the cookie. */
export function setSidebarOpen(open: boolean): void {
  $sidebarOpen.set(open);
  // biome-ignore lint/suspicious/noDocumentCookie: this state lives in a cookie the server can read; Cookie Store is not in every browser we support
  if (typeof document !== 'undefined') document.cookie = sidebarCookie(open);
}

export function setSidebarOpenMobile(open: boolean): void {
  $sidebarOpenMobile.set(open);
}

/** Ctrl+B / Cmd+B and the trigger button: the panel on mobile, the collapse state on desktop. */
export function toggleSidebar(isMobile: boolean): void {
  if (isMobile) setSidebarOpenMobile(!$sidebarOpenMobile.get());
  else setSidebarOpen(!$sidebarOpen.get());
}

/** The media query of the mobile layout: widths up to 768px. */
export const MOBILE_QUERY = `(max-width: ${SIDEBAR.mobileBreakpointPx}px)`;
