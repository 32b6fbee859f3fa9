import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A centred message for a tab with nothing to show, with an optional action. */
export function EmptyState({ icon: Icon, title, text, action }: { icon: LucideIcon; title?: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      {title && <p className="font-medium">{title}</p>}
      {text && <p className="max-w-md text-sm text-muted-foreground">{text}</p>}
      {action}
    </div>
  );
}
