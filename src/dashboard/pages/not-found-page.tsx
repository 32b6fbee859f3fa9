import { useTranslation } from 'react-i18next';

/** The site's 404, inside the dashboard app for /dashboard paths that do not exist. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-32 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-4 text-muted-foreground">{t('notFound.message')}</p>
      <a href="/" className="mt-8 inline-flex h-10 items-center rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90">
        {t('notFound.backHome')}
      </a>
    </main>
  );
}
