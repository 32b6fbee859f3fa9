/**
 * The same-site path a sign-in may return to, or null. Only paths on this site are honoured
 * (no scheme, no host, no `//evil.example`, no backslash tricks), so redirectURL is never an open redirect.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point of this check
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const base = 'http://same.site';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    // Dot segments can fold into a leading `//` (`/.//evil.example`), which a browser reads as another host.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('//') ? null : path;
  } catch {
    return null;
  }
}
