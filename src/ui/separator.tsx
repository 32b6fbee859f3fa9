import type * as React from 'react';
import { cn } from './cn';

export type SeparatorProps = React.ComponentProps<'div'> & {
  orientation?: 'horizontal' | 'vertical';
  /** Purely visual separators are hidden from assistive technology. */
  decorative?: boolean;
};

export function Separator({ className, orientation = 'horizontal', decorative = false, ...props }: SeparatorProps) {
  const semantics = decorative
    ? { role: 'none' as const }
    : { role: 'separator' as const, 'aria-orientation': orientation === 'vertical' ? ('vertical' as const) : undefined };
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...semantics}
      className={cn('shrink-0 bg-border', orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px', className)}
      {...props}
    />
  );
}
