import { useTranslation } from 'react-i18next';
import { Progress } from '@/ui/progress';

/** 'Step n of total', the percentage (step+1)/total, and the bar. */
export function WizardProgress({ step, total }: { step: number; total: number }) {
  const { t } = useTranslation();
  const percent = Math.round(((step + 1) / total) * 100);
  const label = t('wizard.progress', { step: step + 1, total });
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-muted-foreground">{label}</span>
        <span className="font-semibold tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label={label} />
    </div>
  );
}
