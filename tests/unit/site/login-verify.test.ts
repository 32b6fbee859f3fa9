// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initLoginVerify } from '@/islands/login-verify';
import { createI18n } from '@/shared/i18n';
import { RESOURCES } from '@/shared/i18n-bundles';
import type us from '../../../locales/us.json';

/** The English strings as the page renders them, figures filled in. */
const copy = createI18n('us', RESOURCES).t('login.verify', { returnObjects: true }) as typeof us.login.verify;

/** The verify page as LoginVerifyPage.astro renders it, opened from a link carrying `token`. */
function renderPage(token = 'tok_123') {
  window.history.replaceState(null, '', `/login/verify?token=${token}`);
  document.body.innerHTML = `
    <div data-login-verify data-signing-in="${copy.signingIn}" data-used="${copy.used}" data-expired="${copy.expired}"
      data-invalid="${copy.invalid}" data-missing="${copy.missing}" data-failed="${copy.failed}" data-throttled="${copy.throttled}">
      <form><button type="submit">${copy.button}</button></form>
      <div data-problem hidden><p data-problem-text></p></div>
    </div>`;
  initLoginVerify(document.querySelector<HTMLElement>('[data-login-verify]')!);
}

function answer(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: status, message, data: null }), { status })),
  );
}

describe('sign-in link page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [429, 'Too many sign-in attempts from this address. Please try again later.', copy.throttled],
    [410, 'This sign-in link has expired. Please request a new one.', copy.expired],
    [410, 'This sign-in link has already been used. Please request a new one.', copy.used],
    [400, 'This sign-in link is not valid. Please request a new one.', copy.invalid],
    [503, 'Service unavailable', copy.failed],
  ])('explains a %i refusal in the page language', async (status, message, shown) => {
    answer(status, message);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: copy.button }));
    await waitFor(() => expect(screen.getByText(shown)).toBeTruthy());
    expect(screen.queryByRole('button', { name: copy.button })).toBeNull();
  });

  it('spends the token with the verify call and follows the redirect it answers', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ code: 0, message: 'success', data: { redirectURL: '/dashboard/myOrders' } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
    renderPage('tok_abc');
    await userEvent.click(screen.getByRole('button', { name: copy.button }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/dashboard/myOrders'));
    expect(fetch).toHaveBeenCalledWith('/v1/loginLink/verify', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'tok_abc' }) }));
    replace.mockRestore();
  });

  it('says the sign-in failed when the network does', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: copy.button }));
    await waitFor(() => expect(screen.getByText(copy.failed)).toBeTruthy());
  });
});
