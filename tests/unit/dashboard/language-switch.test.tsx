// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LanguageSwitch } from '@/dashboard/components/language-switch';
import { LANGUAGES } from '@/shared/languages';
import { $language, setLanguage } from '@/stores/language';
import { WithI18n } from './helpers';

describe('[language] the top bar switch', () => {
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setLanguage('us');
    fetch = vi.fn(async () => new Response(JSON.stringify({ code: 0, message: 'success', data: { language: 'jp' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setLanguage('us');
  });

  it('shows the current language in its own name and offers every language in its own, with its lang', async () => {
    render(
      <WithI18n>
        <LanguageSwitch />
      </WithI18n>,
    );
    const button = screen.getByRole('button', { name: 'Language: English' });
    expect(button.textContent).toBe('English');
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button, { button: 0 });
    fireEvent.click(button);
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual(LANGUAGES.map((l) => [l.name, l.htmlLang]));
    expect(screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
  });

  it('switches with the second press and saves the choice to the account', async () => {
    render(
      <WithI18n>
        <LanguageSwitch />
      </WithI18n>,
    );
    const button = screen.getByRole('button', { name: 'Language: English' });
    fireEvent.pointerDown(button, { button: 0 });
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitemradio', { name: '日本語' }));
    expect($language.get()).toBe('jp');
    await vi.waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/v1/user/language', expect.objectContaining({ method: 'POST', body: JSON.stringify({ language: 'jp' }) })),
    );
  });
});
