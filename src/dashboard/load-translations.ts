import type { Resource } from 'i18next';
import { LANGUAGES } from '@/shared/i18n';

/** Fetches every offered language's bundle before the app appears, as the product requires. */
export async function loadTranslations(): Promise<Resource> {
  const entries = await Promise.all(
    LANGUAGES.map(async ({ code }) => {
      const response = await fetch(`/locales/${code}.json`);
      if (!response.ok) throw new Error(`Could not load the ${code} translations (HTTP ${response.status})`);
      return [code, { translation: await response.json() }] as const;
    }),
  );
  return Object.fromEntries(entries);
}
