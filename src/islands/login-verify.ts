import { ApiError, call } from '@/api/client';

/**
 * The page an emailed sign-in link opens. The token is only spent when the customer clicks "Sign in"
 * (a POST), so mail scanners that fetch links cannot burn it.
 */

/** The page's copy under `key`, which LoginVerifyPage.astro renders as a data attribute; empty when absent. */
function copy(root: HTMLElement, key: string): string {
  return root.dataset[key] ?? '';
}

function messageFor(status: number, message: string, root: HTMLElement): string {
  if (status === 410) return copy(root, /expired/i.test(message) ? 'expired' : 'used');
  if (status === 400) return copy(root, 'invalid');
  if (status === 429) return copy(root, 'throttled');
  return copy(root, 'failed');
}

export function initLoginVerify(root: HTMLElement): void {
  const form = root.querySelector('form');
  const button = form?.querySelector('button');
  const problem = root.querySelector<HTMLElement>('[data-problem]');
  const problemText = problem?.querySelector<HTMLElement>('[data-problem-text]');
  if (!form || !button || !problem || !problemText) return;
  const token = new URLSearchParams(window.location.search).get('token');

  const fail = (text: string) => {
    form.hidden = true;
    problemText.textContent = text;
    problem.hidden = false;
  };
  if (!token) {
    fail(copy(root, 'missing'));
    return;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    button.textContent = copy(root, 'signingIn');
    try {
      const { data } = await call('verifyLoginLink', { token });
      window.location.replace(data.redirectURL);
    } catch (error) {
      fail(error instanceof ApiError ? messageFor(error.status, error.message, root) : copy(root, 'failed'));
    }
  });
}
