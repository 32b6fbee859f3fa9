import { useEffect, useState, type FormEvent } from 'react';
import { Loader2Icon } from 'lucide-react';
import { call, errorMessage } from '@/api/client';
import type { AuthProviders } from '@/shared/contracts/auth';
import { EMAIL_PATTERN } from '@/shared/email';
import { safeRedirectPath } from '@/shared/redirect';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';

export interface LoginStrings {
  google: string;
  microsoft: string;
  notConfigured: string;
  divider: string;
  emailLabel: string;
  emailPlaceholder: string;
  send: string;
  sending: string;
  resend: string;
  sent: string;
  invalidEmail: string;
  failed: string;
  redirecting: string;
  redirectingDescription: string;
  errors: Record<string, string>;
}

type FormState = 'idle' | 'sending' | 'sent' | 'error';
type Provider = 'google' | 'microsoft';

/** The redirectURL the page carries, if it is a path on this site. */
function pageRedirectUrl(): string | null {
  return safeRedirectPath(new URLSearchParams(window.location.search).get('redirectURL'));
}

/** The login page's interactive part: provider buttons, and the email login-link form with its four states. */
export function LoginForm({ strings, language }: { strings: LoginStrings; language: string }) {
  const [providers, setProviders] = useState<AuthProviders | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  // Until React has taken over the server-rendered form, typing would be lost: keep the field disabled.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const reason = new URLSearchParams(window.location.search).get('error');
    if (reason) setPageError(strings.errors[reason] ?? strings.errors.failed ?? null);
    call('authProviders').then(
      (r) => setProviders(r.data),
      () => setProviders({ google: false, microsoft: false }),
    );
  }, [strings.errors]);

  const valid = EMAIL_PATTERN.test(email.trim());
  const showInvalid = touched && email.length > 0 && !valid;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!valid || state === 'sending') return;
    setState('sending');
    setError(null);
    try {
      await call('sendLoginLink', { email: email.trim(), redirectURL: pageRedirectUrl() ?? undefined, language });
      setState('sent');
    } catch (e) {
      // The server's own words when it sent some; a proxy's error page or a lost connection reads as "failed".
      setError(errorMessage(e, strings.failed));
      setState('error');
    }
  }

  function signInWith(provider: Provider) {
    setRedirecting(true);
    const back = pageRedirectUrl();
    const query = new URLSearchParams({ ...(back ? { redirectURL: back } : {}), lang: language });
    window.location.assign(`/v1/oauth/${provider}/login?${query}`);
  }

  const providerButton = (provider: Provider, label: string, icon: React.ReactNode) => {
    const configured = providers?.[provider] ?? false;
    const reasonId = `${provider}-unavailable`;
    return (
      <div>
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full justify-center gap-3"
          disabled={!configured}
          aria-busy={providers === null}
          aria-describedby={providers && !configured ? reasonId : undefined}
          onClick={() => signInWith(provider)}
        >
          {icon}
          {label}
        </Button>
        {providers && !configured && (
          <p id={reasonId} className="mt-1 text-xs text-muted-foreground">
            {strings.notConfigured.replace('{{provider}}', provider === 'google' ? 'Google' : 'Microsoft')}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="space-y-6">
      {pageError && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {pageError}
        </p>
      )}
      <div className="space-y-3">
        {providerButton('google', strings.google, <GoogleIcon />)}
        {providerButton('microsoft', strings.microsoft, <MicrosoftIcon />)}
      </div>
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {strings.divider}
        <span className="h-px flex-1 bg-border" />
      </div>
      <form className="space-y-3" onSubmit={send} noValidate>
        <Label htmlFor="login-email">{strings.emailLabel}</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={strings.emailPlaceholder}
          value={email}
          disabled={!hydrated}
          aria-invalid={showInvalid || undefined}
          aria-describedby={showInvalid ? 'login-email-error' : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setTouched(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void send(e);
          }}
        />
        {showInvalid && (
          <p id="login-email-error" className="text-sm text-destructive">
            {strings.invalidEmail}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={!valid || state === 'sending'}>
          {state === 'sending' && <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />}
          {state === 'sending' ? strings.sending : state === 'sent' ? strings.resend : strings.send}
        </Button>
        <div aria-live="polite">
          {state === 'sent' && <p className="rounded-md bg-success/10 px-3 py-2 text-sm text-success">{strings.sent}</p>}
          {state === 'error' && error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      </form>
      <Dialog open={redirecting}>
        <DialogContent showCloseButton={false} onEscapeKeyDown={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              {strings.redirecting}
            </DialogTitle>
            <DialogDescription>{strings.redirectingDescription}</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.94l3.66-2.84z" />
      <path fill="#EA4335" d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z" />
    </svg>
  );
}

function MicrosoftIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}
