import type * as React from 'react';
import { cn } from './cn';
import { Sheet, SheetContent, SheetTitle } from './sheet';

/**
 * The sidebar's parts that the first screen does not show, in their own chunk (with Radix's dialog and
 * its focus trap): the phone's slide-over panel, loaded when it is first opened.
 */

export function MobileSidebar({
  open,
  onOpenChange,
  label,
  closeLabel,
  className,
  children,
  ...props
}: React.ComponentProps<'div'> & { open: boolean; onOpenChange: (open: boolean) => void; label: string; closeLabel?: string }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel={closeLabel}
        aria-describedby={undefined}
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width-mobile) max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground"
      >
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <div data-sidebar="sidebar" className={cn('flex h-full w-full flex-col', className)} {...props}>
          {children}
        </div>
      </SheetContent>
    </Sheet>
  );
}
