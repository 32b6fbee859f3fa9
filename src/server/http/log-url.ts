/**
 * The query parameters that carry a bearer secret: whoever holds the value acts with it (a sign-in link's
 * token, OAuth's code and state, a signed image's `t`, a callback's secret, a gift card's code in
 * `redeem`, a team invitation's, admin invitation's or shared link's token).
 */
const SECRET_NAMES = ['token', 'code', 'state', 'secret', 't', 'redeem', 'invitation', 'admin', 'link'];

/** `?` and `&`, and `=`, also percent-encoded once or more: a secret inside an encoded `redirectURL`. */
const SEPARATOR = '(?:[?&]|%(?:25)*3F|%(?:25)*26)';
const EQUALS = '(?:=|%(?:25)*3D)';
const SECRET_PARAM = new RegExp(`(${SEPARATOR}(?:${SECRET_NAMES.join('|')})${EQUALS})(?:(?!&|%(?:25)*26|#).)*`, 'gi');

/** A request URL as the log may hold it: every secret parameter's value, plain or encoded in another's, masked. */
export function maskedUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1***');
}
