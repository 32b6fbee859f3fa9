// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm, type LoginStrings } from '@/islands/login-form';
import us from '../../../locales/us.json';

/** The English strings, as LoginPage.astro hands them to the island. */
const strings: LoginStrings = us.login;

/** The server as the form meets it: providers answer, and the login-link call answers `sendLink`. */
function serve(sendLink: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/loginLink/send') ? sendLink() : Response.json({ code: 0, message: 'success', data: { google: false, microsoft: false } }),
    ),
  );
}

async function sendLinkTo(email: string) {
  render(<LoginForm strings={strings} language="us" />);
  const field = screen.getByLabelText(us.login.emailLabel);
  await waitFor(() => expect(field).toHaveProperty('disabled', false));
  await userEvent.type(field, email);
  await userEvent.click(screen.getByRole('button', { name: us.login.send }));
}

describe('[site] the login-link form when sending fails', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a non-JSON 500 from a proxy', () => new Response('<html><body>Internal Server Error</body></html>', { status: 500 })],
    ['an answer without a message', () => Response.json({ code: 500 }, { status: 500 })],
    ['a lost connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("shows 'Failed to send login link' for %s", async (_case, answer) => {
    serve(answer);
    await sendLinkTo('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send login link');
  });

  it("shows the server's own message when it sent one", async () => {
    serve(() => Response.json({ code: 429, message: 'Too many login links. Please try again later.' }, { status: 429 }));
    await sendLinkTo('ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many login links. Please try again later.');
  });
});
