import { useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon } from 'lucide-react';
import { cn } from '@/ui/cn';

export interface ChoiceOption {
  value: string;
  label: string;
  /** A colour sample (skin tone, hair colour); 'none' draws an empty ring, e.g. for bald. */
  swatch?: string;
}

const KEYS_BACK = new Set(['ArrowLeft', 'ArrowUp']);
const KEYS_FORWARD = new Set(['ArrowRight', 'ArrowDown']);

/**
 * A radio group of option cards. Arrow keys move focus (one tab stop, roving tabindex) without
 * choosing, because choosing advances the wizard; Space, Enter or a click chooses.
 */
export function SingleChoiceGroup({
  labelledBy,
  options,
  value,
  onChoose,
  columns = 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
}: {
  labelledBy: string;
  options: ChoiceOption[];
  value: string | undefined;
  onChoose: (value: string) => void;
  columns?: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = options.findIndex((o) => o.value === value);
  const [focusIndex, setFocusIndex] = useState(Math.max(selected, 0));

  const moveFocus = (index: number) => {
    const next = (index + options.length) % options.length;
    setFocusIndex(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (KEYS_BACK.has(event.key)) moveFocus(focusIndex - 1);
    else if (KEYS_FORWARD.has(event.key)) moveFocus(focusIndex + 1);
    else if (event.key === 'Home') moveFocus(0);
    else if (event.key === 'End') moveFocus(options.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={cn('grid gap-3', columns)} onKeyDown={onKeyDown}>
      {options.map((option, i) => {
        const checked = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a whole card (picture or swatch and label) is the radio; a native input cannot hold it
          <button
            key={option.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={i === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onClick={() => onChoose(option.value)}
            className={cn(
              'flex min-h-14 items-center gap-3 rounded-xl border bg-card px-4 py-3 text-left font-medium shadow-sm transition-colors',
              'hover:border-primary/60 hover:bg-secondary/50',
              checked && 'border-primary bg-secondary text-secondary-foreground ring-1 ring-primary',
            )}
          >
            {option.swatch && (
              <span
                aria-hidden="true"
                className={cn(
                  'size-6 shrink-0 rounded-full border border-black/15',
                  option.swatch === 'none' && 'border-dashed border-muted-foreground bg-transparent',
                )}
                style={option.swatch === 'none' ? undefined : { backgroundColor: option.swatch }}
              />
            )}
            <span className="min-w-0 flex-1">{option.label}</span>
            <CheckIcon aria-hidden="true" className={cn('size-4 shrink-0 text-primary', !checked && 'invisible')} />
          </button>
        );
      })}
    </div>
  );
}
