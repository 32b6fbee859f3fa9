/**
 * The support address the dashboard shows (Contact on a failed order, the release notes). It is the
 * site's content (src/content/site/settings.yaml), which the dashboard page writes on `<html>` when
 * the site is built.
 */
export function supportEmail(): string {
  return globalThis.document?.documentElement.dataset.supportEmail ?? '';
}
