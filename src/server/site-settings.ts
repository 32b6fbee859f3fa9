import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';

/** The site's editable settings file; the build checks all of it (src/content.config.ts). */
export const SITE_SETTINGS_FILE = path.join('src', 'content', 'site', 'settings.yaml');

/**
 * The support address of the site's settings, for what is not a pre-rendered page: the mail the server
 * sends, and the policy texts' `{{supportEmail}}`. One address for the whole product, kept in content.
 */
export function readSupportEmail(root: string): string {
  const file = path.join(root, SITE_SETTINGS_FILE);
  const settings = load(readFileSync(file, 'utf8')) as { supportEmail?: unknown } | null;
  if (typeof settings?.supportEmail !== 'string') throw new Error(`${SITE_SETTINGS_FILE} has no supportEmail`);
  return settings.supportEmail;
}
