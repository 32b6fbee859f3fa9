import { useTranslation } from 'react-i18next';
import { CheckIcon } from 'lucide-react';
import { ARTWORK_SIZES } from '@/shared/catalog/artwork';
import { Button } from '@/ui/button';
import { cn } from '@/ui/cn';

export interface ImageOption {
  value: string;
  label: string;
  imageUrl: string;
}

/** Picture cards that can be chosen together (attire, background), with Select All / Deselect All. */
export function MultiChoiceGroup({
  labelledBy,
  options,
  selected,
  onToggle,
  onSetAll,
}: {
  labelledBy: string;
  options: ImageOption[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  onSetAll: (values: string[]) => void;
}) {
  const { t } = useTranslation();
  const allSelected = options.length > 0 && options.every((o) => selected.includes(o.value));
  const { width, height } = ARTWORK_SIZES.attire;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('wizard.selectedCount', { count: selected.length })}
        </p>
        <Button variant="link" className="h-auto px-0" onClick={() => onSetAll(allSelected ? [] : options.map((o) => o.value))}>
          {allSelected ? t('wizard.deselectAll') : t('wizard.selectAll')}
        </Button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's minimum content width breaks this grid of cards; the group role names it the same way */}
      <div role="group" aria-labelledby={labelledBy} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {options.map((option) => {
          const checked = selected.includes(option.value);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a whole picture card is the checkbox; a native input cannot hold the image
            <button
              key={option.value}
              type="button"
              role="checkbox"
              aria-checked={checked}
              onClick={() => onToggle(option.value)}
              className={cn(
                'group relative flex flex-col overflow-hidden rounded-xl border bg-card text-left shadow-sm transition-colors hover:border-primary/60',
                checked && 'border-primary ring-2 ring-primary',
              )}
            >
              <img
                src={option.imageUrl}
                alt=""
                width={width}
                height={height}
                loading="lazy"
                decoding="async"
                className="aspect-square h-auto w-full bg-muted object-cover"
              />
              <span className={cn('flex flex-1 items-center gap-2 px-3 py-2 text-sm font-medium', checked && 'bg-secondary text-secondary-foreground')}>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-4 shrink-0 items-center justify-center rounded border border-input bg-background',
                    checked && 'border-primary bg-primary text-primary-foreground',
                  )}
                >
                  {checked && <CheckIcon className="size-3" />}
                </span>
                <span className="min-w-0 flex-1">{option.label}</span>
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
