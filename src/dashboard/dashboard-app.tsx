import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Resource } from 'i18next';
import { useStore } from '@nanostores/react';
import { createI18n, htmlLang } from '@/shared/i18n';
import { $language } from '@/stores/language';
import { $path } from '@/stores/location';
import { $user, loadUser } from '@/stores/user';
import { $toasts } from '@/stores/toast';
import { DashboardLayout } from './components/dashboard-layout';
import { interceptLinkClicks } from './link-navigation';
import { loadTranslations } from './load-translations';
import { matchRoute } from './routes';
import { NotFoundPage } from './pages/not-found-page';

// Radix's toasts arrive with the first toast; until then nothing on the page needs them.
const Toaster = lazy(() => import('@/ui/toaster').then((m) => ({ default: m.Toaster })));

/** The dashboard single-page app: loads the translations, then renders the route for the current path. */
export function DashboardApp() {
  const [resources, setResources] = useState<Resource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const language = useStore($language);
  const path = useStore($path);

  useEffect(() => {
    loadTranslations().then(setResources, (e: Error) => setError(e.message));
  }, []);

  useEffect(() => interceptLinkClicks(), []);

  const i18n = useMemo(() => (resources ? createI18n(language, resources) : null), [resources, language]);
  useEffect(() => {
    document.documentElement.lang = htmlLang(language);
  }, [language]);

  const toasted = useStore($toasts).length > 0;
  const [toasterWanted, setToasterWanted] = useState(false);
  useEffect(() => {
    if (toasted) setToasterWanted(true);
  }, [toasted]);

  const user = useStore($user);
  const found = matchRoute(path);
  // An operator page is the 404 page for everyone but an operator; undecided until the user info arrives.
  const operatorOnly = found?.operator === true;
  const deciding = operatorOnly && user === null;
  const match = operatorOnly && user && !user.operator ? null : found;
  useEffect(() => {
    if (deciding && i18n) void loadUser({ errorPrefix: i18n.t('dashboard.errors.userInfo') });
  }, [deciding, i18n]);
  const titleKey = match?.titleKey ?? 'notFound.title';
  useEffect(() => {
    if (i18n) document.title = `${i18n.t(titleKey)} | ${i18n.t('meta.siteName')}`;
  }, [i18n, titleKey]);

  if (error)
    return (
      <p role="alert" className="p-6 text-destructive">
        {error}
      </p>
    );
  if (!i18n || deciding) return null;

  const pathname = path.split(/[?#]/)[0];
  let page = match ? (
    <Suspense fallback={<p className="p-6 text-muted-foreground">{i18n.t('dashboard.loading')}</p>}>
      <match.component key={pathname} params={match.params} />
    </Suspense>
  ) : (
    <NotFoundPage />
  );
  if (match?.hasSidebar) page = <DashboardLayout>{page}</DashboardLayout>;

  return (
    <I18nextProvider i18n={i18n}>
      {page}
      {(toasterWanted || toasted) && (
        <Suspense fallback={null}>
          <Toaster closeLabel={i18n.t('dashboard.close')} />
        </Suspense>
      )}
    </I18nextProvider>
  );
}
