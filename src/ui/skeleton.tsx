import type * as React from 'react';
import { cn } from './cn';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />;
}
