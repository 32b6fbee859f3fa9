import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { createI18n } from '@/shared/i18n';
import us from '../../../locales/us.json';

/** The dashboard's English strings, as the app provides them. */
export function WithI18n({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={createI18n('us', { us: { translation: us } })}>{children}</I18nextProvider>;
}

/** A matchMedia that answers the sidebar's mobile query with `mobile`, whatever the test DOM's window size. */
export function stubViewport(mobile: boolean) {
  // navigate() scrolls to the top; the test DOM has nothing to scroll.
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: mobile,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}
