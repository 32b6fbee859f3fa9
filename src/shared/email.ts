/** The login form's email rule: text, '@', text, '.', text, with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a local part may hold without quotes (RFC 5322's dot-atom). */
const DOT_ATOM = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

/**
 * A domain as mail is routed to it: lower case, without the root's trailing dot (`example.com.` is
 * `example.com`), and a Unicode name in its ASCII form (IDNA, as the URL standard maps hosts:
 * `exämple.com` is `xn--exmple-cua.com`). Anything the URL parser refuses, or reads as an IP address,
 * stays as it was typed, in lower case.
 */
export function canonicalDomain(domain: string): string {
  const bare = domain.toLowerCase().replace(/\.+$/, '');
  if (/^[\x21-\x7e]*$/.test(bare)) return bare;
  try {
    const host = new URL(`http://${bare}/`).hostname.replace(/\.+$/, '');
    return host && !/^[\d.]+$/.test(host) ? host : bare;
  } catch {
    return bare;
  }
}

/** A quoted local part's content (`"ann"` is `ann`, `"a\"b"` is `a"b`), or the local part as it is. */
export function unquotedLocal(local: string): string {
  if (local.length < 2 || !local.startsWith('"') || !local.endsWith('"')) return local;
  return local.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * An address as an account knows it: trimmed and in lower case, its domain canonical (canonicalDomain),
 * and quotes around a local part that needs none dropped (`"ann"@example.com` is `ann@example.com`).
 * Every spelling of one address signs in to one account; a `+tag` or a dot stays part of the address
 * (the entitlement ledger folds those: src/server/services/entitlements/identity.ts).
 */
export function canonicalEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed.toLowerCase();
  const local = trimmed.slice(0, at);
  const unquoted = unquotedLocal(local);
  return `${(DOT_ATOM.test(unquoted) ? unquoted : local).toLowerCase()}@${canonicalDomain(trimmed.slice(at + 1))}`;
}

/**
 * Text a customer typed (a team's name, a gift card's message) as a mail may show it: a name, never a
 * link. Mail programs make links of anything that looks like an address (`example.com`, `www.x`,
 * `https://…`): a dot between letters becomes a one-dot leader (U+2024, which looks like a dot and links
 * nothing) and `://` loses its slashes.
 */
export function inertText(text: string): string {
  return text.replace(/:\/\//g, ': ').replace(/([\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '$1\u2024');
}

/** Whether text holds something a mail program would make a link of: a web address or a domain name. */
export function looksLikeLink(text: string): boolean {
  // Each run is tried from its start only (the lookbehinds), so a long text costs one pass, not a pass per letter.
  return /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/|\bwww\.|(?<![\p{L}\p{N}-])[\p{L}\p{N}-]+\.(?:[a-z]{2,}|xn--[a-z0-9-]+)\b/iu.test(text);
}
