import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';

/** The site's editable settings file; the build checks all of it (src/content.config.ts). */
const SITE_SETTINGS_FILE = new URL('../content/site/settings.yaml', import.meta.url);

/**
 * The support address of the site's settings, for what is not a pre-rendered page: the mail the server
 * sends. One address for the whole product, kept in content.
 */
export function readSupportEmail(): string {
  let settings: { supportEmail?: unknown } | null;
  try {
    settings = load(readFileSync(SITE_SETTINGS_FILE, 'utf8')) as { supportEmail?: unknown } | null;
  } catch (error) {
    // js-yaml 5 refuses an empty file as it refuses broken YAML: either way the file is what to fix.
    throw new Error(`src/content/site/settings.yaml cannot be read: ${(error as Error).message}`);
  }
  if (typeof settings?.supportEmail !== 'string') throw new Error('src/content/site/settings.yaml has no supportEmail');
  return settings.supportEmail;
}
