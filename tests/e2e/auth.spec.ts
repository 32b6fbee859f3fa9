import { expect, test } from '@playwright/test';
import { loginLinkFor, signIn } from './fixtures/auth';

test.describe('[auth] signing in', () => {
  test('[auth] signs in through the login form and the emailed link, and returns to the page first asked for', async ({ page }) => {
    const email = `journey-${Date.now()}@example.com`;
    await page.goto('/dashboard/account');
    await expect(page).toHaveURL(/\/login\?redirectURL=%2Fdashboard%2Faccount$/);

    const field = page.getByLabel('Email address');
    const send = page.getByRole('button', { name: 'Send Login Link' });
    await expect(send).toBeDisabled();
    await field.fill('not an email');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(send).toBeDisabled();

    await field.fill(email);
    await field.press('Enter');
    await expect(page.getByText('Login link sent! Check your email (also spam folder). Link expires in 10 minutes.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Login Link' })).toBeEnabled();

    await page.goto(await loginLinkFor(email));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });

  test('[auth] a used link shows a clear page with a way to get a new one', async ({ page }) => {
    const email = `twice-${Date.now()}@example.com`;
    await page.request.post('/v1/loginLink/send', { data: { email }, headers: { 'sec-fetch-site': 'same-origin' } });
    const link = await loginLinkFor(email);
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Signed in as the dashboard shows it: its user call has answered, so clearing the cookie below
    // cannot turn that call into a trip to the login page.
    await expect(page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) })).toBeVisible();

    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('This sign-in link has already been used.');
    await page.getByRole('link', { name: 'Get a new link' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('[auth] providers that are not configured are shown disabled with a reason', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(page.getByText('Not available: Google sign-in is not set up on this server.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  test('[auth] a provider error lands on the login page with its message', async ({ page }) => {
    await page.goto('/login?error=denied');
    await expect(page.getByRole('alert')).toHaveText('Sign-in was cancelled at the provider.');
  });

  test('[auth] a Microsoft work account Microsoft did not vouch for is told to use the email link, which works from there', async ({ page }) => {
    await page.goto('/login?error=unverifiedWork');
    await expect(page.getByRole('alert')).toHaveText(
      'Microsoft did not confirm the email address of this work or school account, so it cannot sign you in here yet. Enter the same address below and sign in with an email link instead.',
    );
    await page.getByRole('textbox', { name: /email/i }).fill('ada@contoso.example');
    await page.getByRole('button', { name: 'Send Login Link' }).click();
    await expect(page.getByText('Login link sent! Check your email (also spam folder). Link expires in 10 minutes.')).toBeVisible();
  });

  test('[auth] the French login page is in French', async ({ page }) => {
    await page.goto('/fr/login');
    await expect(page.getByRole('heading', { name: 'Connexion à Portrait Studio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Envoyer le lien de connexion' })).toBeDisabled();
  });
});

test.describe('[account] deleting the account', () => {
  test('[account] deletes the account after confirming, lands on / and is signed out', async ({ page }) => {
    const email = `leaving-${Date.now()}@example.com`;
    await signIn(page, email);
    await page.goto('/dashboard/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    const info = await page.request.get('/v1/user/info');
    expect(info.status()).toBe(401);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectURL=%2Fdashboard$/);
  });
});
