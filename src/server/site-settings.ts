import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';

/** The site's editable settings file; the build checks all of it (src/content.config.ts). */
const SITE_SETTINGS_FILE = new URL('../content/site/settings.yaml', import.meta.url);

/**
 * The support address of the site's settings, for what is not a pre-rendered page: the mail the server
 * sends. One address for the whole product, kept in content.
 */
export function readSupportEmail(): string {
  const settings = load(readFileSync(SITE_SETTINGS_FILE, 'utf8')) as { supportEmail?: unknown } | null;
  if (typeof settings?.supportEmail !== 'string') throw new Error('src/content/site/settings.yaml has no supportEmail');
  return settings.supportEmail;
}
