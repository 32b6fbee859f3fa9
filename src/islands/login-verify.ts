/**
 * The page an emailed sign-in link opens. The token is only spent when the customer clicks "Sign in"
 * (a POST), so mail scanners that fetch links cannot burn it.
 */
function messageFor(status: number, message: string, root: HTMLElement): string {
  const d = root.dataset;
  if (status === 410) return /expired/i.test(message) ? d.expired! : d.used!;
  if (status === 400) return d.invalid!;
  if (status === 429) return d.throttled!;
  return d.failed!;
}

export function initLoginVerify(root: HTMLElement): void {
  const form = root.querySelector('form')!;
  const button = form.querySelector('button')!;
  const problem = root.querySelector<HTMLElement>('[data-problem]')!;
  const problemText = problem.querySelector<HTMLElement>('[data-problem-text]')!;
  const token = new URLSearchParams(window.location.search).get('token');

  const fail = (text: string) => {
    form.hidden = true;
    problemText.textContent = text;
    problem.hidden = false;
  };
  if (!token) return fail(root.dataset.missing!);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    button.textContent = root.dataset.signingIn!;
    try {
      const response = await fetch('/v1/loginLink/verify', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const body = await response.json().catch(() => ({}));
      if (body.code === 0) {
        window.location.replace(body.data.redirectURL);
        return;
      }
      fail(messageFor(response.status, String(body.message ?? ''), root));
    } catch {
      fail(root.dataset.failed!);
    }
  });
}
