import type * as React from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cn } from './cn';

/** Wrap a region once; pass `delayDuration={0}` for the sidebar, otherwise Radix's 700 ms applies. */
export const TooltipProvider = TooltipPrimitive.Provider;

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className, sideOffset = 4, ...props }: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn('z-50 w-fit max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background motion-safe:animate-fade-in', className)}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
