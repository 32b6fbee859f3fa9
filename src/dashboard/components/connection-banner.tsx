import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { CloudOffIcon } from 'lucide-react';
import { $serverReachable, watchConnection } from '@/stores/connection';

/** A banner under the top bar while the server cannot be reached; it goes once the server answers again. */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const reachable = useStore($serverReachable);
  useEffect(() => watchConnection(), []);
  return (
    <div role="status" aria-live="polite" className="sticky top-14 z-10">
      {!reachable && (
        <p className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50">
          <CloudOffIcon className="size-4 shrink-0" aria-hidden="true" />
          {t('dashboard.connection.unreachable')}
        </p>
      )}
    </div>
  );
}
