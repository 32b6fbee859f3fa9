import { ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The one-line note the ordering placeholders show until their issue replaces them. */
export function OrderingOpensSoon() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed bg-muted/40 p-4 text-sm text-muted-foreground">
      <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
      {t('dashboard.placeholders.orderingSoon')}
    </p>
  );
}
