import { useTranslation } from 'react-i18next';

export function OverviewPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-4xl p-6">
      <h1 className="text-2xl font-semibold">{t('dashboard.overview.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('dashboard.overview.welcome')}</p>
    </section>
  );
}
