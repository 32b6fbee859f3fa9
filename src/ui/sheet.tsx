import type * as React from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { cn } from './cn';

export const Sheet = DialogPrimitive.Root;
export const SheetPortal = DialogPrimitive.Portal;

export function SheetOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn('fixed inset-0 z-50 bg-black/50 motion-safe:data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

// --slide-from feeds the shared slide-in keyframe in global.css.
export const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 bg-background text-foreground shadow-lg outline-none motion-safe:data-[state=open]:animate-slide-in',
  {
    variants: {
      side: {
        left: 'inset-y-0 left-0 h-full w-3/4 border-r [--slide-from:translateX(-100%)] sm:max-w-sm',
        right: 'inset-y-0 right-0 h-full w-3/4 border-l [--slide-from:translateX(100%)] sm:max-w-sm',
        top: 'inset-x-0 top-0 h-auto border-b [--slide-from:translateY(-100%)]',
        bottom: 'inset-x-0 bottom-0 h-auto border-t [--slide-from:translateY(100%)]',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

export type SheetContentProps = React.ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof sheetVariants> & {
    showCloseButton?: boolean;
    /** Screen-reader label of the close button; pass the translated string. */
    closeLabel?: string;
  };

export function SheetContent({ className, children, side, showCloseButton = true, closeLabel = 'Close', ...props }: SheetContentProps) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <DialogPrimitive.Content data-slot="sheet-content" className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 [&_svg]:size-4">
            <XIcon aria-hidden="true" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </SheetPortal>
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="sheet-title" className={cn('font-semibold text-foreground', className)} {...props} />;
}
