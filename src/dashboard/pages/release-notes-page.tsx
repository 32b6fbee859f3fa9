import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { MailIcon } from 'lucide-react';
import { supportEmail } from '../support-email';
import { $language } from '@/stores/language';
import { PageContainer, PageHeader } from '../components/page-header';
import { formatDate } from '@/shared/format';

/** The releases, newest first; their texts live under `dashboard.releaseNotes.versions.{key}`. */
const RELEASES = [
  { key: 'v110', version: '1.1.0', date: '2025-04-12', items: ['styles', 'speed'] },
  { key: 'v100', version: '1.0.0', date: '2025-02-10', items: ['initial', 'generation', 'account'] },
] as const;

/** Release notes, and where to send a feature request. */
export function ReleaseNotesPage() {
  const { t } = useTranslation();
  const language = useStore($language);
  const subject = encodeURIComponent(t('dashboard.releaseNotes.featureRequestSubject'));

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('dashboard.titles.releaseNotes')} description={t('dashboard.releaseNotes.description')} />
      <ol className="space-y-4">
        {RELEASES.map((release, index) => (
          <li key={release.key}>
            <article aria-labelledby={`release-${release.key}`} className="rounded-xl border bg-card p-5 shadow-sm">
              <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 id={`release-${release.key}`} className="text-lg font-semibold">
                  {t('dashboard.releaseNotes.version', { version: release.version })}
                  {index === 0 && (
                    <span className="ml-2 rounded-md bg-secondary px-2 py-0.5 align-middle text-xs font-medium text-secondary-foreground">
                      {t('dashboard.releaseNotes.latest')}
                    </span>
                  )}
                </h2>
                {/* Calendar dates, not instants: formatted in UTC so no time zone moves them a day. */}
                <time dateTime={release.date} className="text-sm text-muted-foreground">
                  {formatDate(`${release.date}T00:00:00Z`, language, { timeZone: 'UTC' })}
                </time>
              </header>
              <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-relaxed">
                {release.items.map((item) => (
                  <li key={item}>{t(`dashboard.releaseNotes.versions.${release.key}.${item}`)}</li>
                ))}
              </ul>
            </article>
          </li>
        ))}
      </ol>
      <section aria-labelledby="feature-request" className="flex items-start gap-3 rounded-xl border bg-secondary/40 p-5">
        <MailIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="feature-request" className="font-semibold">
            {t('dashboard.releaseNotes.featureRequestTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('dashboard.releaseNotes.featureRequestText')}{' '}
            <a href={`mailto:${supportEmail()}?subject=${subject}`} className="font-medium break-all text-primary underline-offset-4 hover:underline">
              {supportEmail()}
            </a>
          </p>
        </div>
      </section>
    </PageContainer>
  );
}
