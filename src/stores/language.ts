import { atom } from 'nanostores';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, isOfferedLanguage, type Language } from '@/shared/i18n';

function readStored(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isOfferedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The visitor's language: the one stored under localStorage `language`, else `us`. */
export const $language = atom<Language>(readStored());

/** Chooses a language and remembers it for the next visit. */
export function setLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
  $language.set(language);
}
