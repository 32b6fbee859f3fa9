import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel: string;
  /** The action is running: both buttons are disabled and the dialog cannot be dismissed. */
  busy: boolean;
  onConfirm: () => void;
  /** Controlled use: open while true; `onOpenChange(false)` when dismissed. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Uncontrolled use: the element that opens the dialog. */
  trigger?: ReactNode;
  /** Fields the action needs (an amount, a choice), between the description and the buttons. */
  children?: ReactNode;
  /** The confirm button waits for something the fields still need (a required choice). */
  confirmDisabled?: boolean;
}

/**
 * The one confirmation of a destructive action: a title, what will happen, Cancel, and a destructive
 * confirm button that stays in the dialog while the action runs (the caller closes it or navigates).
 */
export function ConfirmDialog({
  title,
  description,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  open,
  onOpenChange,
  trigger,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange?.(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      {/* Fields can make the dialog taller than a phone's screen: it scrolls rather than spilling off. */}
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy || confirmDisabled}
            onClick={(event) => {
              // Stay open while the action runs; its caller decides what comes next.
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
