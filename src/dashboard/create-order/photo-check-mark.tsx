import { AlertTriangleIcon, BanIcon, CheckIcon, Loader2Icon, UsersIcon } from 'lucide-react';
import type { PhotoVerdict } from '@/shared/photo-check';
import { isRefused, type PhotoState } from '@/stores/wizard';
import { cn } from '@/ui/cn';

/** The mark on a thumbnail: a spinner while checking, then a tick, a warning, a question (whose portraits?) or a refusal. */
export function CheckMark({ state, label }: { state: PhotoState; label: string }) {
  const base = 'absolute bottom-1 left-1 flex size-7 items-center justify-center rounded-full shadow ring-2 ring-background';
  if (state.state === 'checking')
    return (
      <span className={cn(base, 'bg-background text-primary')} role="img" aria-label={label}>
        <Loader2Icon className="size-4 motion-safe:animate-spin" aria-hidden="true" />
      </span>
    );
  const verdict = markOf(state);
  const Icon = { accepted: CheckIcon, warning: AlertTriangleIcon, undecided: UsersIcon, refused: BanIcon }[verdict];
  const tone = {
    accepted: 'bg-success text-white',
    warning: 'bg-amber-500 text-white',
    undecided: 'bg-primary text-primary-foreground',
    refused: 'bg-destructive text-white',
  }[verdict];
  return (
    <span className={cn(base, tone)} role="img" aria-label={label}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

/** A checked photo's mark: its verdict, except a face waiting for the customer to say whose portraits these are. */
export function markOf(state: Exclude<PhotoState, { state: 'checking' }>): PhotoVerdict | 'undecided' {
  if (state.state === 'failed') return 'refused';
  if (!isRefused(state) && state.reasons.includes('whichPerson')) return 'undecided';
  return state.verdict;
}
